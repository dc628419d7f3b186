//! Shared test helpers.
pub mod synthetic;
