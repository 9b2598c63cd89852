import sharp from 'sharp';

/** Background colours (dark, light) of the demo's profile pictures: the demo's category colours. */
const BACKGROUNDS = [
  ['#1c7ed6', '#74c0fc'],
  ['#2f9e44', '#8ce99a'],
  ['#e8590c', '#ffc078'],
  ['#7048e8', '#b197fc'],
  ['#c2255c', '#faa2c1'],
  ['#0c8599', '#66d9e8'],
] as const;
const SKIN = ['#f8d9c4', '#e8c4a8', '#c99a7a', '#8d5b4c'] as const;
const HAIR = ['#2b2118', '#5c3b23', '#a5652f', '#d9b26f', '#1a1a1a', '#7a4a2a'] as const;

export type AvatarLook = { background: number; skin: number; hair: number; longHair: boolean };

/** A drawn head and shoulders, no photo of anyone: the demo's members need faces, not real ones. */
function avatarSvg(look: AvatarLook): string {
  const [dark, light] = BACKGROUNDS[look.background % BACKGROUNDS.length]!;
  const skin = SKIN[look.skin % SKIN.length]!;
  const hair = HAIR[look.hair % HAIR.length]!;
  const longHair = look.longHair
    ? `<path d="M158 226c0-78 44-122 98-122s98 44 98 122v96c-22 14-46 16-66 8v-70h-64v70c-20 8-44 6-66-8z" fill="${hair}"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="420" cy="90" r="120" fill="#fff" opacity="0.12"/>
  <path d="M64 512c0-96 70-168 192-168s192 72 192 168z" fill="${dark}"/>
  <path d="M64 512c0-96 70-168 192-168s192 72 192 168" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="8"/>
  ${longHair}
  <path d="M222 300h68v44c0 18-68 18-68 0z" fill="${skin}"/>
  <path d="M222 330c10 10 58 10 68 0v10c-10 8-58 8-68 0z" fill="#000" opacity="0.08"/>
  <circle cx="256" cy="222" r="92" fill="${skin}"/>
  <path d="M162 214c0-66 42-104 94-104s96 38 96 104c-18-34-52-52-96-56-44 4-78 22-94 56z" fill="${hair}"/>
</svg>`;
}

/** A demo profile picture as a 512x512 JPEG, rendered by the image library the server uses. */
export function renderAvatar(look: AvatarLook): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(look)))
    .jpeg({ quality: 86 })
    .toBuffer();
}
