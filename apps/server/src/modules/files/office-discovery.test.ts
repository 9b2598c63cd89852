import { describe, expect, it } from 'vitest';
import { actionsForFile, actionUrl, parseDiscovery } from './office-discovery.ts';
import { createWopiTokens } from './wopi-token.ts';

const COLLABORA = `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery>
  <net-zone name="external-http">
    <app name="writer">
      <action default="true" ext="odt" name="edit" urlsrc="https://office.example/browser/dist/cool.html?"/>
      <action ext="docx" name="edit" urlsrc="https://office.example/browser/dist/cool.html?"/>
      <action ext="docx" name="view" urlsrc="https://office.example/browser/dist/cool.html?"/>
    </app>
    <app name="application/pdf">
      <action ext="" name="view" urlsrc="https://office.example/browser/dist/cool.html?"/>
    </app>
  </net-zone>
</wopi-discovery>`;

const MICROSOFT = `<wopi-discovery><net-zone name="internal-https"><app name="Word">
<action name="view" ext="docx" urlsrc="https://internal.example/wv?"/></app></net-zone>
<net-zone name="external-https"><app name="Word">
<action name="view" ext="docx" urlsrc="https://word.example/wv/wordviewerframe.aspx?&lt;ui=UI_LLCC&amp;&gt;&lt;rs=DC_LLCC&amp;&gt;&lt;showpagestats=PERFSTATS&amp;&gt;"/>
<action name="edit" ext="DOCX" urlsrc="https://word.example/we/wordeditorframe.aspx?&lt;ui=UI_LLCC&amp;&gt;"/>
</app></net-zone></wopi-discovery>`;

describe('the office server discovery', () => {
  it('reads the actions of the preferred zone, by extension and by content type', () => {
    const collabora = parseDiscovery(COLLABORA);
    expect(actionsForFile(collabora, { extension: 'docx', contentType: 'x' }).map((a) => [a.app, a.name])).toEqual([
      ['writer', 'edit'],
      ['writer', 'view'],
    ]);
    expect(actionsForFile(collabora, { extension: 'pdf', contentType: 'application/pdf' })).toHaveLength(1);
    expect(actionsForFile(collabora, { extension: 'txt', contentType: 'text/plain' })).toEqual([]);

    const microsoft = parseDiscovery(MICROSOFT);
    expect(microsoft.map((a) => a.urlsrc.slice(0, 20))).toEqual(['https://word.example', 'https://word.example']);
    expect(actionsForFile(microsoft, { extension: 'docx', contentType: '' }).map((a) => a.name)).toEqual([
      'view',
      'edit',
    ]);
    expect(parseDiscovery('not xml at all <')).toEqual([]);
  });

  it('fills the placeholders it knows, drops the others and adds WOPISrc', () => {
    const src = 'http://localhost:3000/wopi/files/abc';
    expect(actionUrl('https://office.example/cool.html?', src, 'de')).toBe(
      `https://office.example/cool.html?WOPISrc=${encodeURIComponent(src)}`,
    );
    expect(
      actionUrl('https://word.example/wv.aspx?<ui=UI_LLCC&><rs=DC_LLCC&><showpagestats=PERFSTATS&>', src, 'de_DU'),
    ).toBe(`https://word.example/wv.aspx?ui=de-DE&rs=de-DE&WOPISrc=${encodeURIComponent(src)}`);
    expect(actionUrl('https://office.example/edit', src, 'en')).toBe(
      `https://office.example/edit?WOPISrc=${encodeURIComponent(src)}`,
    );
  });
});

describe('WOPI access tokens', () => {
  it('verify what was signed here until they expire, and nothing else', () => {
    let clock = 1_000_000;
    const tokens = createWopiTokens('secret-one', () => clock);
    const claims = { networkId: 'n', fileId: 'f', membershipId: 'm', action: 'edit', write: true };
    const { token, expiresAt } = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual({ ...claims, expiresAt });
    expect(createWopiTokens('secret-two', () => clock).verify(token)).toBeNull();
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), f: 'other' }),
    ).toString('base64url');
    expect(tokens.verify(`${forged}.${signature}`)).toBeNull();
    expect(tokens.verify('garbage')).toBeNull();
    clock = expiresAt;
    expect(tokens.verify(token)).toBeNull();
  });
});
