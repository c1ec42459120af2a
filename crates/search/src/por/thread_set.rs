//! [`ThreadSet`]: a set of thread ids as a bitset — the papers' `done`, `backtrack`,
//! `current[t]` and safe sets.

use std::fmt;

use crate::system::ThreadId;

/// A set of threads. Small and cheap for the usual handful of threads; grows for more.
#[derive(Clone, Default)]
pub struct ThreadSet {
    /// bit `t % 64` of word `t / 64`; no trailing zero words
    words: Vec<u64>,
}

impl ThreadSet {
    /// The empty set.
    pub const fn new() -> Self {
        ThreadSet { words: Vec::new() }
    }

    /// The set of `threads`.
    pub fn of(threads: &[ThreadId]) -> Self {
        let mut s = Self::new();
        for &t in threads {
            s.insert(t);
        }
        s
    }

    /// Adds `t`; returns whether it was new.
    pub fn insert(&mut self, t: ThreadId) -> bool {
        let (w, b) = ((t / 64) as usize, t % 64);
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        let new = self.words[w] & (1 << b) == 0;
        self.words[w] |= 1 << b;
        new
    }

    /// Removes `t`.
    pub fn remove(&mut self, t: ThreadId) {
        if let Some(w) = self.words.get_mut((t / 64) as usize) {
            *w &= !(1 << (t % 64));
        }
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// Whether `t` is in the set.
    pub fn contains(&self, t: ThreadId) -> bool {
        self.words.get((t / 64) as usize).is_some_and(|w| w & (1 << (t % 64)) != 0)
    }

    /// Adds every thread of `other`; returns whether the set grew.
    pub fn union_with(&mut self, other: &ThreadSet) -> bool {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        let mut grew = false;
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            grew |= *b & !*a != 0;
            *a |= b;
        }
        grew
    }

    /// Whether every thread of `self` is in `other`.
    pub fn is_subset(&self, other: &ThreadSet) -> bool {
        self.words.iter().enumerate().all(|(i, w)| w & !other.words.get(i).copied().unwrap_or(0) == 0)
    }

    /// `self ∩ other`.
    pub fn intersection(&self, other: &ThreadSet) -> ThreadSet {
        self.minus(&self.minus(other))
    }

    /// `self \ other`.
    pub fn minus(&self, other: &ThreadSet) -> ThreadSet {
        let mut words: Vec<u64> = self.words.iter().enumerate().map(|(i, w)| w & !other.words.get(i).copied().unwrap_or(0)).collect();
        while words.last() == Some(&0) {
            words.pop();
        }
        ThreadSet { words }
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Number of threads.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The threads, ascending.
    pub fn iter(&self) -> impl Iterator<Item = ThreadId> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| (0..64u32).filter(move |b| w & (1 << b) != 0).map(move |b| i as u32 * 64 + b))
    }

    /// Bytes held outside the struct.
    pub fn heap_bytes(&self) -> usize {
        self.words.capacity() * 8
    }
}

impl PartialEq for ThreadSet {
    fn eq(&self, other: &Self) -> bool {
        self.is_subset(other) && other.is_subset(self)
    }
}

impl Eq for ThreadSet {}

impl fmt::Debug for ThreadSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<ThreadId> for ThreadSet {
    fn from_iter<I: IntoIterator<Item = ThreadId>>(iter: I) -> Self {
        let mut s = ThreadSet::new();
        for t in iter {
            s.insert(t);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations() {
        let mut a = ThreadSet::of(&[1, 3, 70]);
        assert!(a.contains(70) && a.contains(1) && !a.contains(2));
        assert!(!a.insert(3));
        assert_eq!(a.len(), 3);
        let b = ThreadSet::of(&[1, 3]);
        assert!(b.is_subset(&a) && !a.is_subset(&b));
        assert_eq!(a.minus(&b), ThreadSet::of(&[70]));
        assert_eq!(b.minus(&a), ThreadSet::new());
        assert!(b.minus(&a).is_empty());
        let mut c = b.clone();
        assert!(c.union_with(&ThreadSet::of(&[2])));
        assert!(!c.union_with(&ThreadSet::of(&[2])));
        assert_eq!(c.iter().collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(format!("{:?}", a), "{1, 3, 70}");
        assert_eq!(ThreadSet::of(&[100]).minus(&ThreadSet::of(&[100])), ThreadSet::new());
    }
}
