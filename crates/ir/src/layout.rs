//! Type sizes, alignments and field offsets computed from the module's data layout, so the
//! lowered program only ever sees byte counts.

use llvm_ir::module::DataLayout;
use llvm_ir::types::{NamedStructDef, Types};
use llvm_ir::{Type, TypeRef};

/// Answers size questions about LLVM types under one data layout.
pub struct Layout<'m> {
    types: &'m Types,
    dl: &'m DataLayout,
    pub ptr_bytes: u32,
}

/// Why a type has no layout ravel can use.
pub type LayoutError = String;

impl<'m> Layout<'m> {
    pub fn new(types: &'m Types, dl: &'m DataLayout) -> Self {
        let ptr_bits = dl.alignments.ptr_alignment(0).size;
        Layout { types, dl, ptr_bytes: (ptr_bits / 8).max(1) }
    }

    /// Resolves a named struct to its definition.
    fn resolve<'a>(&'a self, ty: &'a Type) -> Result<&'a Type, LayoutError> {
        match ty {
            Type::NamedStructType { name } => match self.types.named_struct_def(name) {
                Some(NamedStructDef::Defined(t)) => Ok(t.as_ref()),
                _ => Err(format!("opaque struct type %{name}")),
            },
            t => Ok(t),
        }
    }

    /// ABI alignment in bytes.
    pub fn align(&self, ty: &Type) -> Result<u64, LayoutError> {
        let ty = self.resolve(ty)?;
        Ok(match ty {
            Type::IntegerType { bits } => (self.dl.alignments.int_alignment(*bits).abi / 8).max(1) as u64,
            Type::PointerType { .. } => self.ptr_bytes as u64,
            Type::FPType(llvm_ir::types::FPType::X86_FP80) => {
                if self.ptr_bytes == 8 {
                    16
                } else {
                    4
                }
            }
            Type::FPType(f) => (self.dl.alignments.fp_alignment(*f).abi / 8).max(1) as u64,
            Type::VectorType { .. } => {
                let bits = self.store_size(ty)? * 8;
                (self.dl.alignments.vec_alignment(bits as u32).abi / 8).max(1) as u64
            }
            Type::ArrayType { element_type, .. } => self.align(element_type)?,
            Type::StructType { element_types, is_packed } => {
                if *is_packed {
                    1
                } else {
                    let mut a = 1;
                    for e in element_types {
                        a = a.max(self.align(e)?);
                    }
                    a
                }
            }
            Type::FuncType { .. } => 1,
            other => return Err(format!("type {other} has no memory layout")),
        })
    }

    /// Bytes a value of the type occupies when stored (without tail padding).
    pub fn store_size(&self, ty: &Type) -> Result<u64, LayoutError> {
        let ty = self.resolve(ty)?;
        Ok(match ty {
            Type::IntegerType { bits } => (*bits as u64).div_ceil(8),
            Type::PointerType { .. } => self.ptr_bytes as u64,
            Type::FPType(f) => match f {
                llvm_ir::types::FPType::Half | llvm_ir::types::FPType::BFloat => 2,
                llvm_ir::types::FPType::Single => 4,
                llvm_ir::types::FPType::Double => 8,
                llvm_ir::types::FPType::X86_FP80 => 10,
                _ => 16,
            },
            Type::VectorType { element_type, num_elements, scalable } => {
                if *scalable {
                    return Err("scalable vector".into());
                }
                let elem_bits = match self.resolve(element_type)? {
                    Type::IntegerType { bits } => *bits as u64,
                    t => self.store_size(t)? * 8,
                };
                (elem_bits * *num_elements as u64).div_ceil(8)
            }
            Type::ArrayType { .. } | Type::StructType { .. } | Type::FuncType { .. } => self.alloc_size(ty)?,
            other => return Err(format!("type {other} has no memory layout")),
        })
    }

    /// Bytes between consecutive elements of an array of this type.
    pub fn alloc_size(&self, ty: &Type) -> Result<u64, LayoutError> {
        let ty = self.resolve(ty)?;
        Ok(match ty {
            Type::ArrayType { element_type, num_elements } => self.alloc_size(element_type)? * *num_elements as u64,
            Type::StructType { element_types, is_packed } => {
                let mut off: u64 = 0;
                let mut align = 1;
                for e in element_types {
                    let a = if *is_packed { 1 } else { self.align(e)? };
                    align = align.max(a);
                    off = off.next_multiple_of(a) + self.alloc_size(e)?;
                }
                off.next_multiple_of(align)
            }
            Type::FuncType { .. } => 1,
            t => self.store_size(t)?.next_multiple_of(self.align(t)?),
        })
    }

    /// Byte offset of field `idx` of a struct type.
    pub fn field_offset(&self, ty: &Type, idx: usize) -> Result<u64, LayoutError> {
        match self.resolve(ty)? {
            Type::StructType { element_types, is_packed } => {
                let mut off: u64 = 0;
                for (i, e) in element_types.iter().enumerate() {
                    let a = if *is_packed { 1 } else { self.align(e)? };
                    off = off.next_multiple_of(a);
                    if i == idx {
                        return Ok(off);
                    }
                    off += self.alloc_size(e)?;
                }
                Err(format!("struct field {idx} out of range"))
            }
            t => Err(format!("field offset in non-struct type {t}")),
        }
    }

    /// The type of element `idx` of an aggregate or vector type.
    pub fn element_type(&self, ty: &Type, idx: usize) -> Result<TypeRef, LayoutError> {
        match self.resolve(ty)? {
            Type::StructType { element_types, .. } => {
                element_types.get(idx).cloned().ok_or_else(|| format!("struct field {idx} out of range"))
            }
            Type::ArrayType { element_type, .. } | Type::VectorType { element_type, .. } => Ok(element_type.clone()),
            t => Err(format!("element of non-aggregate type {t}")),
        }
    }

    /// Byte offset of element `idx` of an aggregate or vector.
    pub fn element_offset(&self, ty: &Type, idx: usize) -> Result<u64, LayoutError> {
        match self.resolve(ty)? {
            t @ Type::StructType { .. } => self.field_offset(t, idx),
            Type::ArrayType { element_type, .. } => Ok(self.alloc_size(element_type)? * idx as u64),
            Type::VectorType { element_type, .. } => Ok(self.store_size(element_type)? * idx as u64),
            t => Err(format!("element of non-aggregate type {t}")),
        }
    }

    /// Bytes a value of this type occupies in registers: scalars by store size, aggregates
    /// by their full memory image.
    pub fn reg_bytes(&self, ty: &Type) -> Result<u64, LayoutError> {
        match self.resolve(ty)? {
            Type::VoidType => Ok(0),
            t @ (Type::StructType { .. } | Type::ArrayType { .. }) => self.alloc_size(t),
            t => self.store_size(t),
        }
    }

    /// Register words for a value of this type (at least one).
    pub fn words(&self, ty: &Type) -> Result<u32, LayoutError> {
        Ok(self.reg_bytes(ty)?.div_ceil(8).max(1) as u32)
    }

    /// True for struct types (named or literal).
    pub fn is_struct(&self, ty: &Type) -> bool {
        matches!(self.resolve(ty), Ok(Type::StructType { .. }))
    }
}
