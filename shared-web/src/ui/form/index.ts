export { TextField, type TextFieldProps } from './TextField';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { Select, type SelectProps, type SelectOption } from './Select';
export { ErrorSummary, type SummaryError } from './ErrorSummary';
export { SubmitButton, type SubmitButtonProps } from './SubmitButton';
export { focusFirstInvalid } from './fieldIds';
