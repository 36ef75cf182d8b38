//! Folding of LLVM constants (including constant expressions over global addresses) into
//! little-endian memory images, done once at load time.

use crate::layout::Layout;
use llvm_ir::constant::Float;
use llvm_ir::{Constant, ConstantRef, Name, Type};
use rustc_hash::FxHashMap;

/// Addresses of every named global symbol (variables, functions, aliases).
pub type SymbolTable = FxHashMap<String, u64>;

/// The textual name of an LLVM symbol.
pub fn name_str(n: &Name) -> String {
    match n {
        Name::Name(s) => s.to_string(),
        Name::Number(n) => n.to_string(),
    }
}

/// Folds constants into byte images.
pub struct ConstFolder<'a, 'm> {
    pub layout: &'a Layout<'m>,
    pub types: &'m llvm_ir::types::Types,
    pub symbols: &'a SymbolTable,
}

/// One index of a GEP walk: a constant, or a dynamic value handled by the caller.
pub enum GepIndex {
    Const(i64),
    Dynamic,
}

/// A GEP reduced to arithmetic: constant byte offset plus `scale` for each dynamic index
/// (in index order).
pub struct GepTerms {
    pub offset: i64,
    pub scales: Vec<i64>,
}

/// Reduces a GEP over `source` to a constant offset and per-dynamic-index scales.
pub fn gep_terms(layout: &Layout, source: &llvm_ir::TypeRef, indices: &[GepIndex]) -> Result<GepTerms, String> {
    let mut offset: i64 = 0;
    let mut scales = Vec::new();
    let first_scale = layout.alloc_size(source)? as i64;
    match indices.first() {
        Some(GepIndex::Const(c)) => offset = offset.wrapping_add(c.wrapping_mul(first_scale)),
        Some(GepIndex::Dynamic) => scales.push(first_scale),
        None => return Ok(GepTerms { offset, scales }),
    }
    let mut cur = source.clone();
    for idx in &indices[1..] {
        let next = if layout.is_struct(&cur) {
            let GepIndex::Const(field) = idx else {
                return Err("dynamic struct index in getelementptr".into());
            };
            offset = offset.wrapping_add(layout.field_offset(&cur, *field as usize)? as i64);
            layout.element_type(&cur, *field as usize)?
        } else {
            let elem = layout.element_type(&cur, 0)?;
            let scale = layout.element_offset(&cur, 1)? as i64;
            match idx {
                GepIndex::Const(c) => offset = offset.wrapping_add(c.wrapping_mul(scale)),
                GepIndex::Dynamic => scales.push(scale),
            }
            elem
        };
        cur = next;
    }
    Ok(GepTerms { offset, scales })
}

impl<'a, 'm> ConstFolder<'a, 'm> {
    fn ty_of(&self, c: &Constant) -> llvm_ir::TypeRef {
        self.types.type_of(c)
    }

    /// The memory image of a constant, `reg_bytes` of its type long.
    pub fn image(&self, c: &ConstantRef) -> Result<Vec<u8>, String> {
        let ty = self.ty_of(c);
        let size = self.layout.reg_bytes(&ty)? as usize;
        let mut out = vec![0u8; size];
        self.write(c, &mut out)?;
        Ok(out)
    }

    /// The value of a scalar constant as an integer (zero-extended), for folding.
    pub fn scalar(&self, c: &ConstantRef) -> Result<u128, String> {
        let img = self.image(c)?;
        let mut v: u128 = 0;
        for (i, b) in img.iter().take(16).enumerate() {
            v |= (*b as u128) << (8 * i);
        }
        Ok(v)
    }

    fn int_bits(&self, c: &ConstantRef) -> Result<u32, String> {
        match self.ty_of(c).as_ref() {
            Type::IntegerType { bits } => Ok(*bits),
            Type::PointerType { .. } => Ok(self.layout.ptr_bytes * 8),
            t => Err(format!("constant expression on type {t}")),
        }
    }

    fn write(&self, c: &Constant, out: &mut [u8]) -> Result<(), String> {
        match c {
            Constant::Int { value, .. } => put(out, *value as u128),
            Constant::Float(Float::Single(f)) => put(out, f.to_bits() as u128),
            Constant::Float(Float::Double(f)) => put(out, f.to_bits() as u128),
            Constant::Float(f) => return Err(format!("floating-point constant of type {f:?}")),
            Constant::Null(_) | Constant::AggregateZero(_) | Constant::Undef(_) | Constant::Poison(_) => out.fill(0),
            Constant::TokenNone => {}
            Constant::Struct { values, .. } => {
                let ty = self.ty_of(c);
                for (i, v) in values.iter().enumerate() {
                    let off = self.layout.field_offset(&ty, i)? as usize;
                    self.write_sub(v, out, off)?;
                }
            }
            Constant::Array { elements, .. } | Constant::Vector(elements) => {
                let ty = self.ty_of(c);
                for (i, v) in elements.iter().enumerate() {
                    let off = self.layout.element_offset(&ty, i)? as usize;
                    self.write_sub(v, out, off)?;
                }
            }
            Constant::GlobalReference { name, .. } => {
                let n = name_str(name);
                let addr = self.symbols.get(&n).ok_or_else(|| format!("reference to unknown symbol @{n}"))?;
                put(out, *addr as u128)
            }
            Constant::GetElementPtr(g) => {
                // The canonicalisation prepass rewrites every constant GEP to `gep i8, base, off`.
                let base = self.scalar(&g.address)?;
                let off = match g.indices.as_slice() {
                    [] => 0,
                    [i] => self.signed(i)?,
                    _ => return Err("constant getelementptr with several indices".into()),
                };
                put(out, (base as i128).wrapping_add(off as i128) as u128)
            }
            Constant::PtrToInt(x) => put(out, self.scalar(&x.operand)?),
            Constant::IntToPtr(x) => put(out, self.scalar(&x.operand)?),
            Constant::BitCast(x) => self.write(&x.operand, out)?,
            Constant::AddrSpaceCast(x) => self.write(&x.operand, out)?,
            Constant::Trunc(x) => put(out, self.scalar(&x.operand)?),
            Constant::Add(x) => put(out, self.scalar(&x.operand0)?.wrapping_add(self.scalar(&x.operand1)?)),
            Constant::Sub(x) => put(out, self.scalar(&x.operand0)?.wrapping_sub(self.scalar(&x.operand1)?)),
            Constant::Mul(x) => put(out, self.scalar(&x.operand0)?.wrapping_mul(self.scalar(&x.operand1)?)),
            Constant::Xor(x) => put(out, self.scalar(&x.operand0)? ^ self.scalar(&x.operand1)?),
            other => return Err(format!("constant expression {other}")),
        }
        Ok(())
    }

    fn write_sub(&self, c: &ConstantRef, out: &mut [u8], off: usize) -> Result<(), String> {
        let ty = self.ty_of(c);
        let size = self.layout.reg_bytes(&ty)? as usize;
        let end = (off + size).min(out.len());
        self.write(c, &mut out[off..end])
    }

    fn signed(&self, c: &ConstantRef) -> Result<i64, String> {
        let bits = self.int_bits(c)?;
        let v = self.scalar(c)?;
        let shift = 128 - bits.min(128);
        Ok((((v << shift) as i128) >> shift) as i64)
    }
}

/// Writes the low bytes of `v` into `out` (little-endian).
fn put(out: &mut [u8], v: u128) {
    for (i, b) in out.iter_mut().enumerate() {
        *b = if i < 16 { (v >> (8 * i)) as u8 } else { 0 };
    }
}
