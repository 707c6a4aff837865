//! Placeholder until the front end lands.

use super::{LoadError, LoadOptions};
use crate::kernel::Kernel;
use std::path::Path;

pub fn load(path: &Path, _opts: &LoadOptions) -> Result<Vec<Kernel>, LoadError> {
    Err(LoadError::new(path, 0, 0, "this file type is not supported yet"))
}
