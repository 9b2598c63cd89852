/** The label of a profile field: the network profile's, else the fixed fields' (ui/properties). */
export { useProfileFieldLabel } from '../../ui/properties/profile-labels.ts';
