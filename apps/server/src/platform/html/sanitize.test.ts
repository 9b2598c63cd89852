import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml: what the editor makes survives', () => {
  it('keeps headings 1-5, paragraphs, marks, lists, quotes and rules', () => {
    const html =
      '<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5>' +
      '<p>One<br>two <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s></p>' +
      '<ul><li><p>x</p></li></ul><ol><li>y</li></ol><blockquote><p>q</p></blockquote><hr>';
    expect(sanitizeHtml(html)).toBe(
      '<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5>' +
        '<p>One<br />two <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u> <s>s</s></p>' +
        '<ul><li><p>x</p></li></ul><ol><li>y</li></ol><blockquote><p>q</p></blockquote><hr />',
    );
  });

  it('keeps a heading 6 as text only', () => {
    expect(sanitizeHtml('<h6>Small</h6>')).toBe('Small');
  });

  it('keeps http, https and mailto links', () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2">x</a>',
    );
    expect(sanitizeHtml('<a href="http://example.com">x</a>')).toBe('<a href="http://example.com">x</a>');
    expect(sanitizeHtml('<a href="mailto:anna@example.com">x</a>')).toBe('<a href="mailto:anna@example.com">x</a>');
  });

  it('forces rel="noopener noreferrer" on links that open a new window', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops any other target and a rel without a new window', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });

  it('keeps code blocks of the editor languages only', () => {
    expect(sanitizeHtml('<pre><code class="language-ruby">puts 1</code></pre>')).toBe(
      '<pre><code class="language-ruby">puts 1</code></pre>',
    );
    for (const language of ['plain', 'bash', 'css', 'html', 'js', 'markdown', 'sql']) {
      expect(sanitizeHtml(`<code class="language-${language}">x</code>`)).toBe(
        `<code class="language-${language}">x</code>`,
      );
    }
    expect(sanitizeHtml('<pre><code class="language-python hljs">x</code></pre>')).toBe('<pre><code>x</code></pre>');
  });

  it('escapes markup inside code as text', () => {
    expect(sanitizeHtml('<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>')).toBe(
      '<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>',
    );
  });

  it('keeps palette, hex and rgb colours on spans', () => {
    expect(sanitizeHtml('<span style="color: hotpink">x</span>')).toBe('<span style="color:hotpink">x</span>');
    expect(sanitizeHtml('<span style="color: #958DF1">x</span>')).toBe('<span style="color:#958DF1">x</span>');
    expect(sanitizeHtml('<span style="color: #abc">x</span>')).toBe('<span style="color:#abc">x</span>');
    expect(sanitizeHtml('<span style="color: rgb(1, 22, 255)">x</span>')).toBe(
      '<span style="color:rgb(1, 22, 255)">x</span>',
    );
  });

  it('keeps the mention nodes of the editor, and only whole ones', () => {
    const member =
      '<span data-type="mention" data-id="0123456789abcdef01234567" data-label="Max" data-marker="@">@Max</span>';
    expect(sanitizeHtml(`<p>${member}</p>`)).toBe(`<p>${member}</p>`);
    const group =
      '<span data-type="mention" data-id="0123456789abcdef01234567" data-label="Team" data-marker="#">#Team</span>';
    expect(sanitizeHtml(group)).toBe(group);
    expect(sanitizeHtml('<span data-type="mention" data-id="x1" data-label="Max" data-marker="@">@Max</span>')).toBe(
      '<span>@Max</span>',
    );
    expect(
      sanitizeHtml('<span data-type="mention" data-id="0123456789abcdef01234567" data-marker="!" onclick="x">y</span>'),
    ).toBe('<span>y</span>');
    expect(sanitizeHtml('<span data-id="0123456789abcdef01234567" data-evil="1">y</span>')).toBe('<span>y</span>');
  });
});

describe('sanitizeHtml: XSS vectors', () => {
  it('drops script and style elements with their content', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{color:red}</style>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<SCRIPT SRC=//evil.example/x.js></SCRIPT>ok')).toBe('ok');
  });

  it('drops event handler attributes', () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)">')).toBe('');
    expect(sanitizeHtml('<p onclick="alert(1)" onmouseover="x()">a</p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<a href="https://example.com" onfocus="alert(1)" autofocus>x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
    expect(sanitizeHtml('<svg onload="alert(1)"><circle/></svg>')).toBe('');
  });

  it('drops javascript:, data: and vbscript: URLs in any spelling', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
    ]) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('drops protocol-relative and relative links', () => {
    expect(sanitizeHtml('<a href="//evil.example">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="/groups/x">x</a>')).toBe('<a>x</a>');
  });

  it('drops style injection: other properties, url(), expression() and styles on other tags', () => {
    expect(sanitizeHtml('<span style="color: red; background: url(javascript:alert(1))">x</span>')).toBe(
      '<span style="color:red">x</span>',
    );
    expect(sanitizeHtml('<span style="color: expression(alert(1))">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<span style="color: red;position:fixed;top:0">x</span>')).toBe(
      '<span style="color:red">x</span>',
    );
    expect(sanitizeHtml('<span style="color: #12345">x</span>')).toBe('<span>x</span>');
    expect(sanitizeHtml('<p style="color: red">x</p>')).toBe('<p>x</p>');
    expect(sanitizeHtml('<span style="color: red\\;background:url(https://evil.example/x)">x</span>')).toBe(
      '<span>x</span>',
    );
    expect(sanitizeHtml('<span style="color: rgb(1, 2, 300)">x</span>')).toBe('<span>x</span>');
  });

  it('drops iframes, objects, embeds, forms and meta refreshes', () => {
    expect(sanitizeHtml('<iframe src="https://evil.example"></iframe>a')).toBe('a');
    expect(sanitizeHtml('<object data="x.swf"></object><embed src="x.swf">b')).toBe('b');
    expect(sanitizeHtml('<form action="https://evil.example"><input name="p"><button>Go</button></form>')).toBe('Go');
    expect(sanitizeHtml('<meta http-equiv="refresh" content="0;url=https://evil.example">c')).toBe('c');
  });

  it('drops classes and ids that could borrow the page’s styles or scripts', () => {
    expect(sanitizeHtml('<p class="mantine-Modal-root" id="root">x</p>')).toBe('<p>x</p>');
  });

  it('keeps text that looks like markup escaped', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; "x"</p>')).toBe('<p>1 &lt; 2 &amp;&amp; "x"</p>');
    expect(sanitizeHtml('<p>&lt;img src=x onerror=alert(1)&gt;</p>')).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('closes what was left open and drops comments', () => {
    expect(sanitizeHtml('<p><strong>x<!-- <script>alert(1)</script> -->')).toBe('<p><strong>x</strong></p>');
  });
});
