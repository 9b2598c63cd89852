/** The member the tests sign in as: the member of `GET /api/v1/session`. */
export const sessionMember = {
  id: 'a'.repeat(24),
  displayName: 'Max Meier',
  name: 'Max Meier',
  first_name: 'Max',
  last_name: 'Meier',
  path: `/members/${'a'.repeat(24)}`,
  images: { small: null, medium: null, large: null },
  is_external: false,
  network_admin: false,
  profile: {},
  birthday: null,
  birthday_is_today: false,
  age: null,
};
