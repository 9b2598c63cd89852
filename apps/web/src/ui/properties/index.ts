export { PropertyField, type PropertyFieldProps } from './property-field.tsx';
export { PropertyValue, addressLines, type PropertyValueProps } from './property-value.tsx';
export { propertySetQuery, useProfileFieldLabel, useProfileProperties } from './profile-labels.ts';
