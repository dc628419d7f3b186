//! Shared test helpers.
pub mod square;
pub mod synthetic;
