//! State that machine clones share until one of them changes it.

use std::ops::{Deref, DerefMut};
use std::rc::Rc;

/// A value shared between the clones of a machine until one of them writes it: for state
/// that explorers' snapshots copy many times a second and most executions never touch
/// (the process's files, descriptors and signals). Any mutable access copies a shared
/// value first, so sharing never shows.
#[derive(Debug, Default)]
pub struct CopyOnWrite<T>(Rc<T>);

impl<T> CopyOnWrite<T> {
    pub fn new(value: T) -> Self {
        CopyOnWrite(Rc::new(value))
    }
}

impl<T> Clone for CopyOnWrite<T> {
    fn clone(&self) -> Self {
        CopyOnWrite(self.0.clone())
    }
}

impl<T> Deref for CopyOnWrite<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: Clone> DerefMut for CopyOnWrite<T> {
    fn deref_mut(&mut self) -> &mut T {
        Rc::make_mut(&mut self.0)
    }
}
