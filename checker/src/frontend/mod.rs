//! Front ends: each turns an input file into [`crate::kernel::Kernel`]s.
