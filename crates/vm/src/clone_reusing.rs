//! `Clone` for the structs explorers snapshot many times a second: `clone_from` reuses
//! the target's allocations field by field (a vector's buffer, a map's table), so an
//! explorer that recycles its dropped snapshots copies states without allocating.

/// Implements `Clone` for a struct with named fields, field by field, with a `clone_from`
/// that calls each field's own `clone_from`. Every field must be listed: the patterns
/// have no `..`, so a field added later is a compile error here, not a field silently
/// left stale.
#[macro_export]
macro_rules! clone_reusing {
    ($ty:ident { $($field:ident),* $(,)? }) => {
        impl Clone for $ty {
            fn clone(&self) -> Self {
                let $ty { $($field),* } = self;
                $ty { $($field: $field.clone()),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $ty { $($field),* } = self;
                $($field.clone_from(&source.$field);)*
            }
        }
    };
}
