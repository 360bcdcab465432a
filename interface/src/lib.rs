//! interface
