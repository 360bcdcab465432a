//! patterns
