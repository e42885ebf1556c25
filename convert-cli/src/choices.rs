//! The library's named settings ([`notation::choice::Choice`]) as clap flag values: the values
//! a flag lists in `--help`, its aliases, and clap's own error (with its suggestion) for a name
//! that is not one of them.
//!
//! A flag takes one with `value_parser = choices::<Notation>()`.

use std::ffi::OsStr;
use std::marker::PhantomData;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use notation::choice::Choice;

/// The value parser of a flag whose values are the [`Choice`]s of `T`.
pub(crate) fn choices<T: Choice>() -> Choices<T> {
    Choices(PhantomData)
}

/// See [`choices`].
#[derive(Clone, Copy)]
pub(crate) struct Choices<T>(PhantomData<T>);

/// How clap lists one value.
fn possible_value<T: Choice>(value: T) -> PossibleValue {
    PossibleValue::new(value.name())
        .help(value.help())
        .aliases(value.aliases())
}

impl<T: Choice> TypedValueParser for Choices<T> {
    type Value = T;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        if let Some(found) = value.to_str().and_then(T::from_name) {
            return Ok(found);
        }
        // clap's own reading decides the rest (`ignore_case`) and words the error.
        let values = T::offered().iter().copied().map(possible_value);
        let name = PossibleValuesParser::new(values).parse_ref(command, arg, value)?;
        let ignore_case = arg.is_some_and(clap::Arg::is_ignore_case_set);
        T::offered()
            .iter()
            .copied()
            .find(|choice| possible_value(*choice).matches(&name, ignore_case))
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidValue).with_cmd(command))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(T::offered().iter().copied().map(possible_value)))
    }
}
