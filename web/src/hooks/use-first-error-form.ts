// @mantine/form with the spec's "first failure only" rule: the failing field gets the message
// (Mantine sets aria-invalid and aria-describedby on it), the message is announced, and focus
// moves to that field. A failure with no field (or an API error) is a form-level message.
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { FieldError } from '../lib/field-error';

type Options<Values> = {
  /** Unique per screen: prefixes each input's data-path, which focus uses to find it. */
  name: string;
  initialValues: Values;
  validate: (values: Values) => FieldError<keyof Values & string> | null;
  onValuesChange?: (values: Values) => void;
};

export type FirstErrorForm<Values> = {
  form: UseFormReturnType<Values>;
  /** Form-level message: a failure with no field, or what the submit handler reported. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  onSubmit: (handler: (values: Values) => void | Promise<void>) => (event?: React.FormEvent<HTMLFormElement>) => void;
};

export function useFirstErrorForm<Values extends Record<string, unknown>>({
  name,
  initialValues,
  validate,
  onValuesChange,
}: Options<Values>): FirstErrorForm<Values> {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    name,
    mode: 'controlled',
    initialValues,
    onValuesChange,
    validate: (values) => {
      const failure = validate(values);
      return failure?.field ? { [failure.field]: failure.message } : {};
    },
    // The field's message is announced when it appears (screen readers and the e2e journeys
    // find it as an alert), on top of being the field's description.
    enhanceGetInputProps: ({ field, form: current }) => (current.errors[field as string] ? { errorProps: { role: 'alert' } } : undefined),
  });

  const onSubmit: FirstErrorForm<Values>['onSubmit'] = (handler) =>
    form.onSubmit(
      (values) => {
        const failure = validate(values);
        setFormError(failure?.message ?? null);
        return failure ? undefined : handler(values);
      },
      (errors) => {
        setFormError(null);
        const first = Object.keys(errors)[0];
        if (first) form.getInputNode(first)?.focus();
      },
    );

  return { form, formError, setFormError, onSubmit };
}
