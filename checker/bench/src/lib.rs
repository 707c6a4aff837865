//! The synthetic protocols of Fig. 17 of `seeds/000_*` ([`synthetic`]) and
//! the benchmark that checks them at growing sizes ([`measure`]; Claim 2).

pub mod measure;
pub mod synthetic;
