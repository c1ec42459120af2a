//! The vm as a [`TransitionSystem`]: the adapter between `jvmc-vm`'s model-checking
//! interface and `jvmc-search`, which know nothing of each other.
//!
//! It owns one booted [`Vm`] whose main thread stands before `main`, saves that
//! initial state once, and forwards everything else. Thread ids are the vm's.

use jvmc_search::{Access, AccessKind, Fingerprint, SaveMark, Step, SystemError, ThreadId, Transition, TransitionSystem, Violation, ViolationKind};
use jvmc_vm::check::{AccessRecord, Pending, StepReport};
use jvmc_vm::Vm;

/// A program under the model checker.
pub struct VmSystem {
    vm: Vm,
    initial: usize,
    /// the report of the last step, for callers that want more than the label
    last: StepReport,
}

impl VmSystem {
    /// Wraps a vm on which `prepare_main` and `start_checking` were called.
    pub fn new(mut vm: Vm) -> VmSystem {
        let initial = vm.save();
        VmSystem { vm, initial, last: StepReport::default() }
    }

    /// The vm (for descriptions of the current state).
    pub fn vm(&self) -> &Vm {
        &self.vm
    }

    /// Saves the parsed JDK classes for the next start (see `Vm::persist_class_cache`).
    pub fn persist_class_cache(&mut self) {
        self.vm.persist_class_cache();
    }

    /// The full report of the last step.
    pub fn last_step(&self) -> &StepReport {
        &self.last
    }
}

fn access(a: &AccessRecord) -> Access {
    Access { object: a.object, field: a.field, kind: if a.write { AccessKind::Write } else { AccessKind::Read } }
}

impl TransitionSystem for VmSystem {
    fn enabled(&mut self) -> Vec<ThreadId> {
        if self.vm.program_ended() {
            return Vec::new();
        }
        self.vm.enabled_threads()
    }

    fn step(&mut self, thread: ThreadId) -> Result<Step, SystemError> {
        let report = self.vm.step(thread)?;
        // Labels carry only the accesses partial-order reduction must see (the vm's
        // `Visibility`): an empty label is an invisible transition.
        let transition = Transition { thread, accesses: report.accesses.iter().filter(|a| a.visible).map(access).collect() };
        let violation = report.uncaught.as_ref().map(|u| Violation {
            kind: if u.assertion { ViolationKind::Assertion } else { ViolationKind::UncaughtException },
            message: u.message.clone(),
            thread: Some(u.thread),
        });
        self.last = report;
        Ok(Step { transition, violation })
    }

    fn save(&mut self) -> SaveMark {
        SaveMark(self.vm.save())
    }

    fn restore(&mut self, mark: SaveMark) {
        self.vm.restore(mark.0);
    }

    fn reset(&mut self) -> Result<(), SystemError> {
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
            Pending::Access(a) => a.iter().filter(|a| a.visible).map(access).collect(),
            Pending::Local | Pending::Terminated => Vec::new(),
        }
    }

    fn disabled(&mut self) -> Vec<ThreadId> {
        if self.vm.program_ended() {
            return Vec::new();
        }
        self.vm.disabled_threads()
    }

    fn encode(&mut self) -> Option<Vec<u8>> {
        Some(self.vm.encode_state())
    }

    fn outcome(&mut self) -> Option<String> {
        Some(String::from_utf8_lossy(&self.vm.output().stdout).into_owned())
    }
}
