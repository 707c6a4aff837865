//! The synthetic protocols of Fig. 17 of `seeds/000_*` ([`synthetic`]) and
//! the benchmark that checks them at growing sizes ([`measure`]; Claim 2),
//! and the statistics and plot of the benchmark over a corpus of real
//! kernels ([`corpus`]; the runs themselves are the CLI's, which can load
//! files).

pub mod corpus;
pub mod measure;
pub mod plot;
pub mod synthetic;
