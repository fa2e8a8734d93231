//! Declaring a message declares its byte layout: [`wire_enum!`] and [`wire_struct!`] write the
//! type and its [`Wire`](crate::wire::Wire) implementation from one list of fields, so a field is
//! named once and a new message is one variant.

/// An enum whose variants all have named fields (`Step {}` for none), each variant a tag byte (its
/// place in the list) and then its fields in order.
#[macro_export]
macro_rules! wire_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $(
                $(#[$variant_meta:meta])*
                $variant:ident { $($(#[$field_meta:meta])* $field:ident : $ty:ty),* $(,)? }
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub enum $name {
            $(
                $(#[$variant_meta])*
                $variant { $($(#[$field_meta])* $field: $ty),* }
            ),*
        }

        impl $crate::wire::Wire for $name {
            const LEAST: usize = 1;

            #[allow(unused_assignments, unused_variables)]
            fn write(&self, out: &mut $crate::wire::Writer) {
                let mut tag = 0u8;
                $(
                    if let $name::$variant { $($field),* } = self {
                        out.tag(tag);
                        $($crate::wire::Wire::write($field, out);)*
                        return;
                    }
                    tag += 1;
                )*
            }

            #[allow(unused_assignments)]
            fn read(
                input: &mut $crate::wire::Reader,
            ) -> Result<Self, $crate::wire::WireError> {
                let wanted = input.tag()?;
                let mut tag = 0u8;
                $(
                    if wanted == tag {
                        return Ok($name::$variant {
                            $($field: <$ty as $crate::wire::Wire>::read(input)?),*
                        });
                    }
                    tag += 1;
                )*
                Err($crate::wire::WireError(format!(
                    "{} has no variant {wanted}",
                    stringify!($name)
                )))
            }
        }
    };
}

/// A struct with named fields, written field after field.
#[macro_export]
macro_rules! wire_struct {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$field_meta:meta])* pub $field:ident : $ty:ty),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $($(#[$field_meta])* pub $field: $ty),*
        }

        impl $crate::wire::Wire for $name {
            const LEAST: usize = 0 $(+ <$ty as $crate::wire::Wire>::LEAST)*;

            fn write(&self, out: &mut $crate::wire::Writer) {
                $($crate::wire::Wire::write(&self.$field, out);)*
            }

            fn read(
                input: &mut $crate::wire::Reader,
            ) -> Result<Self, $crate::wire::WireError> {
                Ok($name {
                    $($field: <$ty as $crate::wire::Wire>::read(input)?),*
                })
            }
        }
    };
}
