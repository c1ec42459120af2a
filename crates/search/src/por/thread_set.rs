//! [`ThreadSet`]: a set of thread ids as a bitset — the papers' `done`, `backtrack`,
//! `current[t]` and safe sets.

use std::fmt;

use crate::system::ThreadId;

/// A set of threads. Threads 0–63 live in one inline word, so the usual handful of
/// threads never allocates (the sets are made and cloned on every transition); more
/// threads grow a vector of further words.
#[derive(Clone, Default)]
pub struct ThreadSet {
    /// bit `t` for threads `t < 64`
    first: u64,
    /// bit `t % 64` of word `t / 64 - 1` for the others; no trailing zero words
    rest: Vec<u64>,
}

impl ThreadSet {
    /// The empty set.
    pub const fn new() -> Self {
        ThreadSet { first: 0, rest: Vec::new() }
    }

    /// The set of `threads`.
    pub fn of(threads: &[ThreadId]) -> Self {
        let mut s = Self::new();
        for &t in threads {
            s.insert(t);
        }
        s
    }

    /// Word `i` (0: the inline one).
    fn word(&self, i: usize) -> u64 {
        if i == 0 { self.first } else { self.rest.get(i - 1).copied().unwrap_or(0) }
    }

    /// How many words may be non-zero.
    fn words(&self) -> usize {
        1 + self.rest.len()
    }

    /// Word `i`, growing the set to hold it.
    fn word_mut(&mut self, i: usize) -> &mut u64 {
        if i == 0 {
            return &mut self.first;
        }
        if i > self.rest.len() {
            self.rest.resize(i, 0);
        }
        &mut self.rest[i - 1]
    }

    fn trim(&mut self) {
        while self.rest.last() == Some(&0) {
            self.rest.pop();
        }
    }

    /// Adds `t`; returns whether it was new.
    pub fn insert(&mut self, t: ThreadId) -> bool {
        let bit = 1u64 << (t % 64);
        let w = self.word_mut((t / 64) as usize);
        let new = *w & bit == 0;
        *w |= bit;
        new
    }

    /// Removes `t`.
    pub fn remove(&mut self, t: ThreadId) {
        let i = (t / 64) as usize;
        if i < self.words() {
            *self.word_mut(i) &= !(1u64 << (t % 64));
            self.trim();
        }
    }

    /// Whether `t` is in the set.
    pub fn contains(&self, t: ThreadId) -> bool {
        self.word((t / 64) as usize) & (1 << (t % 64)) != 0
    }

    /// Adds every thread of `other`; returns whether the set grew.
    pub fn union_with(&mut self, other: &ThreadSet) -> bool {
        let mut grew = false;
        for i in 0..other.words() {
            let b = other.word(i);
            if b != 0 {
                let a = self.word_mut(i);
                grew |= b & !*a != 0;
                *a |= b;
            }
        }
        grew
    }

    /// Whether every thread of `self` is in `other`.
    pub fn is_subset(&self, other: &ThreadSet) -> bool {
        (0..self.words()).all(|i| self.word(i) & !other.word(i) == 0)
    }

    /// `self ∩ other`.
    pub fn intersection(&self, other: &ThreadSet) -> ThreadSet {
        self.minus(&self.minus(other))
    }

    /// `self \ other`.
    pub fn minus(&self, other: &ThreadSet) -> ThreadSet {
        let rest = (1..self.words()).map(|i| self.word(i) & !other.word(i)).collect();
        let mut s = ThreadSet { first: self.first & !other.first, rest };
        s.trim();
        s
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.first == 0 && self.rest.iter().all(|&w| w == 0)
    }

    /// Number of threads.
    pub fn len(&self) -> usize {
        (0..self.words()).map(|i| self.word(i).count_ones() as usize).sum()
    }

    /// The threads, ascending.
    pub fn iter(&self) -> impl Iterator<Item = ThreadId> + '_ {
        (0..self.words()).flat_map(move |i| {
            let mut w = self.word(i);
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros();
                    w &= w - 1;
                    i as u32 * 64 + b
                })
            })
        })
    }

    /// Bytes held outside the struct.
    pub fn heap_bytes(&self) -> usize {
        self.rest.capacity() * 8
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
