import { Field, type FieldProps, splitFieldProps } from './field';
import { Input, type InputProps } from './input';

export type TextFieldProps = Omit<InputProps, 'id'> & FieldProps;

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField(props: TextFieldProps) {
  const [field, input] = splitFieldProps(props);
  return <Field {...field}>{(control) => <Input {...control} {...input} />}</Field>;
}
