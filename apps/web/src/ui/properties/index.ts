export { PropertyField, type PropertyFieldProps } from './property-field.tsx';
export { PropertyValue, addressLines, type PropertyValueProps } from './property-value.tsx';
