//! Names for addresses in reports and traces: a global with the path of the field
//! (from the program's debug types), or a heap or stack object with the offset.

use crate::machine::Machine;
use crate::memory::ObjKind;

impl Machine {
    /// A name for an address: a global with offset, or a heap/stack object.
    pub fn symbolize(&mut self, addr: u64) -> String {
        match self.memory.find(addr) {
            Some((id, off)) => {
                let obj = &self.memory.objects[id as usize];
                let typed = matches!(obj.kind, ObjKind::Global | ObjKind::ConstGlobal);
                let name = self.memory.name(id);
                let path = typed.then(|| self.program.global_types.get(name)).flatten().map(|t| t.path(off));
                match path {
                    Some(path) if !path.is_empty() => format!("global `{name}{path}`"),
                    _ if off == 0 => self.memory.describe(id),
                    _ => format!("{} + {off}", self.memory.describe(id)),
                }
            }
            None => format!("{addr:#x}"),
        }
    }
}
