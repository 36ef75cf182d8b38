//! `mpirun -np N ravel check` (or `srun`): this process as one rank of an MPI job. Rank 0
//! runs the search and reports; every other rank compiles the program itself, checks that
//! it got the same bitcode as rank 0, and explores the jobs rank 0 sends it (see
//! `ravel_explore::serve_cluster`). Without the `mpi` feature a process started as one of
//! several ranks stops with an error instead of running the whole search N times.

use anyhow::{bail, Result};
use ravel_explore::Cluster;
use ravel_ir::Program;
use std::sync::Arc;
use std::time::Duration;

/// What this process is in the job it was started in.
#[cfg_attr(not(feature = "mpi"), allow(dead_code))]
pub enum Role {
    /// Not one of several ranks.
    Alone,
    /// Rank 0: runs the search with the others' help.
    Search(Arc<Cluster>),
    /// Another rank: explores rank 0's jobs, prints nothing.
    Helper(Cluster),
}

/// The MPI job this process belongs to; dropping it ends MPI (rank 0 tells the others to
/// stop first, whatever ended its work: a compile error as well as the verdict).
pub struct Ranks {
    pub role: Role,
    /// Set once this rank's part of the job is over (rank 0) or it sent its hash (others).
    done: std::cell::Cell<bool>,
    #[cfg(feature = "mpi")]
    _universe: Option<mpi::environment::Universe>,
}

/// The number of ranks the launcher started, from its environment (Open MPI's `mpirun`,
/// and PMI launchers such as Slurm's `srun --mpi=pmi2` or MPICH's).
fn launched_ranks() -> usize {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"].iter().find_map(|v| std::env::var(v).ok()?.parse().ok()).unwrap_or(1)
}

impl Ranks {
    /// Joins the MPI job this process was started in, if any.
    pub fn join() -> Result<Ranks> {
        let size = launched_ranks();
        if size <= 1 {
            return Ok(Ranks::alone());
        }
        Ranks::join_mpi(size)
    }

    fn alone() -> Ranks {
        Ranks {
            role: Role::Alone,
            done: Default::default(),
            #[cfg(feature = "mpi")]
            _universe: None,
        }
    }

    #[cfg(not(feature = "mpi"))]
    fn join_mpi(size: usize) -> Result<Ranks> {
        bail!(
            "ravel was started as one of {size} MPI ranks but built without MPI support: \
             build it with `cargo build --release --features mpi` (scripts/setup does, with Open MPI installed)"
        )
    }

    #[cfg(feature = "mpi")]
    fn join_mpi(_size: usize) -> Result<Ranks> {
        use anyhow::Context;
        let (universe, threading) =
            mpi::initialize_with_threading(mpi::Threading::Serialized).context("MPI could not be initialised")?;
        if threading < mpi::Threading::Serialized {
            bail!("this MPI library does not let threads take turns calling it (MPI_THREAD_SERIALIZED)");
        }
        let link = mpi_link::MpiLink::new(universe.world());
        let cluster = Cluster::new(Box::new(link));
        let role = match cluster.rank() {
            0 => Role::Search(Arc::new(cluster)),
            _ => Role::Helper(cluster),
        };
        Ok(Ranks { role, done: Default::default(), _universe: Some(universe) })
    }

    /// Checks that every rank compiled the same program: helper ranks send rank 0 the hash
    /// of their bitcode, and rank 0 compares them with its own (a mismatch ends the job).
    pub fn agree_on(&self, program: &Program) -> Result<()> {
        let hash = program.bitcode_hash;
        match &self.role {
            Role::Alone => Ok(()),
            Role::Helper(cluster) => {
                cluster.send(0, &hash.to_le_bytes());
                self.done.set(true);
                Ok(())
            }
            Role::Search(cluster) => {
                let mut heard = 1;
                while heard < cluster.size() {
                    let Some((rank, bytes)) = cluster.receive_within(Duration::from_secs(1)) else { continue };
                    heard += 1;
                    let Ok(theirs) = bytes.try_into().map(u64::from_le_bytes) else {
                        bail!("rank {rank} could not compile the program (its error is above)");
                    };
                    if theirs != hash {
                        bail!(
                            "rank {rank} compiled a different program (bitcode hash {theirs:016x}, rank 0's \
                             {hash:016x}): every rank must see the same files, flags and compiler"
                        );
                    }
                }
                Ok(())
            }
        }
    }
}

impl Ranks {
    /// Rank 0 after its search: the other ranks stop (each answers the job it was
    /// running first, so none is cut off in the middle of a message).
    pub fn finish(&self) {
        if let Role::Search(cluster) = &self.role {
            if !self.done.replace(true) {
                ravel_explore::stop_cluster(cluster, Duration::from_secs(60));
            }
        }
    }
}

impl Drop for Ranks {
    fn drop(&mut self) {
        match &self.role {
            Role::Search(_) => self.finish(),
            // A rank that could not compile the program says so to rank 0.
            Role::Helper(cluster) if !self.done.get() => cluster.send(0, &[]),
            _ => {}
        }
    }
}

#[cfg(feature = "mpi")]
mod mpi_link {
    //! [`ravel_explore::Link`] over MPI point-to-point messages of bytes.

    use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
    use mpi::topology::{Communicator, SimpleCommunicator};
    use std::collections::VecDeque;

    pub struct MpiLink {
        world: SimpleCommunicator,
        /// Messages received while a send waited to complete.
        inbox: VecDeque<(usize, Vec<u8>)>,
    }

    impl MpiLink {
        pub fn new(world: SimpleCommunicator) -> MpiLink {
            MpiLink { world, inbox: VecDeque::new() }
        }
    }

    /// A message waiting in `world`, received.
    fn receive_waiting(world: &SimpleCommunicator) -> Option<(usize, Vec<u8>)> {
        let (bytes, status) = world.any_process().immediate_matched_probe()?.matched_receive_vec::<u8>();
        Some((status.source_rank() as usize, bytes))
    }

    // SAFETY: MPI was initialised with at least `MPI_THREAD_SERIALIZED` (checked in
    // `join_mpi`), which allows calls from any thread one at a time, and the link is only
    // used behind its `Cluster`'s mutex.
    unsafe impl Send for MpiLink {}

    impl ravel_explore::Link for MpiLink {
        fn rank(&self) -> usize {
            self.world.rank() as usize
        }

        fn size(&self) -> usize {
            self.world.size() as usize
        }

        /// Sends without blocking on the receiver: two ranks sending each other a large
        /// message at once would otherwise both wait for the other's receive forever.
        fn send(&mut self, to: usize, bytes: &[u8]) {
            let MpiLink { world, inbox } = self;
            mpi::request::scope(|scope| {
                let mut request = world.process_at_rank(to as i32).immediate_send(scope, bytes);
                loop {
                    match request.test() {
                        Ok(_) => break,
                        Err(pending) => request = pending,
                    }
                    match receive_waiting(world) {
                        Some(message) => inbox.push_back(message),
                        None => std::thread::sleep(std::time::Duration::from_micros(20)),
                    }
                }
            });
        }

        fn try_receive(&mut self) -> Option<(usize, Vec<u8>)> {
            self.inbox.pop_front().or_else(|| receive_waiting(&self.world))
        }
    }
}
