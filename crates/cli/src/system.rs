//! The vm as a [`TransitionSystem`]: the adapter between `jvmc-vm`'s model-checking
//! interface and `jvmc-search`, which know nothing of each other.
//!
//! It owns one booted [`Vm`] whose main thread stands before `main`, saves that
//! initial state once, and forwards everything else. Thread ids are the vm's.

use jvmc_search::{
    Access, AccessKind, Fingerprint, Limit, LimitReached, Move, SaveMark, Step, StepLimits, SystemError, ThreadId, Transition, TransitionSystem, Violation,
    ViolationKind,
};
use jvmc_vm::check::{AccessRecord, Guards, Pending, StepReport, NO_GUARDS};
use jvmc_vm::{Vm, VmError};

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use jvmc_vm::check::SharedDiscipline;

use crate::report::thousands;

/// A program under the model checker.
pub struct VmSystem {
    vm: Vm,
    initial: usize,
    /// the report of the last step, for callers that want more than the label
    last: StepReport,
    /// the search's limits (the vm polls them inside long transitions)
    limits: StepLimits,
    /// a parallel search's worker: where to add the instructions it ran when it is
    /// dropped, and the count it started from
    worker: Option<(Arc<AtomicU64>, u64)>,
    /// the enabled threads of the current state, found with its disabled ones (a
    /// search asks for both in turn); cleared by every step, restore and reset
    enabled_now: Option<Vec<ThreadId>>,
}

impl VmSystem {
    /// Wraps a vm on which `prepare_main` and `start_checking` were called.
    pub fn new(mut vm: Vm) -> VmSystem {
        let initial = vm.save();
        VmSystem { vm, initial, last: StepReport::default(), limits: StepLimits::default(), worker: None, enabled_now: None }
    }

    /// Makes this system one worker of a parallel search: its locking discipline
    /// pools what it learns in `pool`, and when it is dropped it adds the
    /// instructions it ran to `instructions`.
    pub fn into_worker(mut self, pool: Arc<SharedDiscipline>, instructions: Arc<AtomicU64>) -> VmSystem {
        self.vm.share_lockset(pool);
        self.worker = Some((instructions, self.vm.instructions()));
        self
    }

    /// The vm (for descriptions of the current state).
    pub fn vm(&self) -> &Vm {
        &self.vm
    }

    /// Saves the parsed JDK classes for the next start (see `Vm::persist_class_cache`).
    pub fn persist_class_cache(&mut self) {
        self.vm.persist_class_cache();
    }

    /// Prepares a search from the current state: nothing relied on yet (see
    /// `Vm::begin_search`).
    pub fn begin_search(&mut self) {
        self.vm.begin_search();
    }

    /// The full report of the last step.
    pub fn last_step(&self) -> &StepReport {
        &self.last
    }
}

impl Drop for VmSystem {
    fn drop(&mut self) {
        if let Some((instructions, from)) = &self.worker {
            instructions.fetch_add(self.vm.instructions() - from, Ordering::Relaxed);
        }
    }
}

fn access(a: &AccessRecord, guards: Guards) -> Access {
    if a.ends_program() {
        return Access::everything();
    }
    let kind = match (a.update, a.write) {
        (true, _) => AccessKind::Update,
        (false, true) => AccessKind::Write,
        (false, false) => AccessKind::Read,
    };
    Access { object: a.object, field: a.field, kind, guards }
}

impl TransitionSystem for VmSystem {
    fn enabled(&mut self) -> Vec<ThreadId> {
        if let Some(enabled) = self.enabled_now.take() {
            return enabled;
        }
        if self.vm.program_ended() {
            return Vec::new();
        }
        self.vm.enabled_threads()
    }

    fn branches(&mut self, thread: ThreadId) -> u32 {
        self.vm.branches(thread)
    }

    fn set_limits(&mut self, limits: StepLimits) {
        self.limits = limits;
        let check = (limits != StepLimits::default()).then(|| Box::new(move || limits.exceeded().is_some()) as jvmc_vm::check::InterruptCheck);
        self.vm.set_interrupt_check(check);
    }

    fn step(&mut self, mv: Move) -> Result<Step, SystemError> {
        self.enabled_now = None;
        // (the last report's accesses are not needed any more: the step fills them in)
        self.vm.recycle_accesses(std::mem::take(&mut self.last.accesses));
        let report = match self.vm.step(mv.thread, mv.branch) {
            Ok(r) => r,
            Err(VmError::Interrupted) => return Err(Box::new(LimitReached(self.limits.exceeded().unwrap_or(Limit::Time)))),
            Err(e) => return Err(e.into()),
        };
        // Labels carry only the accesses partial-order reduction must see (the vm's
        // `Visibility`): an empty label is an invisible transition.
        // (sized for every access at once, not grown as the visible ones come)
        let mut accesses = Vec::with_capacity(report.accesses.len());
        accesses.extend(report.accesses.iter().filter(|(a, _)| a.visible).map(|(a, g)| access(a, *g)));
        let transition = Transition { thread: mv.thread, branch: mv.branch, accesses };
        let uncaught = report.uncaught.as_ref().map(|u| Violation {
            kind: if u.assertion { ViolationKind::Assertion } else { ViolationKind::UncaughtException },
            message: u.message.clone(),
            thread: Some(u.thread),
        });
        let diverged = report.diverged.as_ref().map(|d| Violation {
            kind: ViolationKind::NonTermination,
            message: format!(
                "thread \"{}\" ran {} instructions without reaching a scheduling point (an endless loop? raise --transition-budget if it is just long)",
                self.vm.thread_display_name(d.thread),
                thousands(d.instructions)
            ),
            thread: Some(d.thread),
        });
        let not_linearizable = report.not_linearizable.as_ref().map(|n| Violation { kind: ViolationKind::Linearizability, message: n.message.clone(), thread: Some(n.thread) });
        self.last = report;
        Ok(Step { transition, violation: uncaught.or(diverged).or(not_linearizable) })
    }

    fn save(&mut self) -> SaveMark {
        SaveMark(self.vm.save())
    }

    fn restore(&mut self, mark: SaveMark) {
        self.enabled_now = None;
        self.vm.restore(mark.0);
    }

    fn reset(&mut self) -> Result<(), SystemError> {
        self.enabled_now = None;
        self.vm.restore(self.initial);
        Ok(())
    }

    fn fingerprint(&mut self) -> Fingerprint {
        self.vm.fingerprint()
    }

    fn is_terminal(&mut self) -> bool {
        self.vm.program_ended()
    }

    fn pending(&mut self, thread: ThreadId) -> Vec<Access> {
        match self.vm.pending(thread) {
            Pending::Access(a) => a.iter().filter(|a| a.visible).map(|a| access(a, NO_GUARDS)).collect(),
            Pending::Local | Pending::Terminated => Vec::new(),
        }
    }

    /// The life cycle of a thread that has terminated.
    fn frozen(&mut self, access: &Access) -> bool {
        access.field == Access::LIFECYCLE && self.vm.thread_ended(access.object)
    }

    /// After the program's end, the threads it cut short (`jvmc_vm`'s
    /// `transition.rs`, "The program's end").
    fn disabled(&mut self) -> Vec<ThreadId> {
        if self.vm.program_ended() {
            return self.vm.cut_short_threads();
        }
        let (enabled, disabled) = self.vm.thread_sets();
        self.enabled_now = Some(enabled);
        disabled
    }

    fn thread_positions(&mut self) -> Option<Vec<u64>> {
        Some(self.vm.thread_positions())
    }

    fn positions_hash(&mut self) -> Option<u64> {
        Some(self.vm.positions_hash())
    }

    fn encode(&mut self) -> Option<Vec<u8>> {
        Some(self.vm.encode_state())
    }

    fn outcome(&mut self) -> Option<String> {
        Some(String::from_utf8_lossy(&self.vm.output().stdout).into_owned())
    }
}
