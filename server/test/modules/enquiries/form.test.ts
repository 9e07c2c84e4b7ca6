import { parseFileKey } from '../../../src/config';
import { enquiryFormHtml } from '../../../src/modules/enquiries';
import { issueTimeTrap, judgeTimeTrap } from '../../../src/modules/enquiries/time-trap';
import { TEST_FILE_KEY } from '../../helper';

// Issue 24 item 2: the enquiry form (no script) and its signed time trap, without a database.
const config = { fileKey: { from: 'env' as const, key: parseFileKey(TEST_FILE_KEY, 'test').key } };
const otherConfig = { fileKey: { from: 'env' as const, key: Buffer.alloc(32, 9) } };
const target = { slug: 'hart', itemId: 12 };
const at = new Date('2026-03-01T09:00:00Z');
const later = (ms: number) => new Date(at.getTime() + ms);

describe('the time trap', () => {
  const token = issueTimeTrap(config, target, at);

  it('accepts a post after a few seconds and within a day', () => {
    expect(judgeTimeTrap(config, target, token, later(3_000))).toBe('ok');
    expect(judgeTimeTrap(config, target, token, later(23 * 3600_000))).toBe('ok');
  });

  it('refuses a post sooner than three seconds or older than a day', () => {
    expect(judgeTimeTrap(config, target, token, later(2_999))).toBe('tooFast');
    expect(judgeTimeTrap(config, target, token, later(24 * 3600_000 + 1))).toBe('expired');
  });

  it('refuses a changed time, another item, another key and nonsense', () => {
    const [issued, ...rest] = token.split('.');
    const backdated = [String(Number(issued) - 60_000), ...rest].join('.');
    expect(judgeTimeTrap(config, target, backdated, later(5_000))).toBe('invalid');
    expect(judgeTimeTrap(config, { slug: 'hart', itemId: 13 }, token, later(5_000))).toBe('invalid');
    expect(judgeTimeTrap(config, { slug: 'other', itemId: 12 }, token, later(5_000))).toBe('invalid');
    expect(judgeTimeTrap(otherConfig, target, token, later(5_000))).toBe('invalid');
    expect(judgeTimeTrap(config, target, '', later(5_000))).toBe('invalid');
    expect(judgeTimeTrap(config, target, 'x'.repeat(500), later(5_000))).toBe('invalid');
  });
});

describe('enquiryFormHtml', () => {
  it('draws labelled fields with autocomplete, a hidden honeypot and the consent notice', () => {
    const html = enquiryFormHtml({ config, slug: 'hart', itemId: 12, shopName: 'Hart & Sons', now: at });
    expect(html).toContain('action="/store/hart/items/12/enquiry"');
    expect(html).not.toContain('<script');
    for (const [id, label] of [
      ['enquiry-name', 'Your name'],
      ['enquiry-email', 'E-mail address'],
      ['enquiry-phone', 'Phone number'],
      ['enquiry-message', 'Your message'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
    }
    expect(html).toMatch(/id="enquiry-email" name="email" autocomplete="email" inputmode="email"/);
    expect(html).toMatch(/id="enquiry-phone" name="phone" autocomplete="tel" inputmode="tel"/);
    expect(html).toMatch(/<div class="trap hp" aria-hidden="true">[\s\S]*name="website" tabindex="-1"/);
    expect(html).toContain(
      'Hart &amp; Sons may use my name, contact details and message to answer this enquiry',
    );
    const token = /name="started" value="([^"]+)"/.exec(html)![1]!;
    expect(judgeTimeTrap(config, target, token, later(4_000))).toBe('ok');
  });

  it('shows the sender’s text again, escaped, with each error beside its field', () => {
    const html = enquiryFormHtml({
      config,
      slug: 'hart',
      itemId: 12,
      shopName: 'Hart',
      values: { name: '"><script>alert(1)</script>', message: '</textarea><b>hi</b>', consent: true },
      errors: { email: 'Enter an e-mail address or a phone number' },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('&lt;/textarea&gt;&lt;b&gt;hi&lt;/b&gt;</textarea>');
    expect(html).toMatch(
      /<p class="error" id="enquiry-email-error">Enter an e-mail address or a phone number<\/p>/,
    );
    expect(html).toMatch(/aria-describedby="enquiry-email-hint enquiry-email-error" aria-invalid="true"/);
    expect(html).toContain('<a href="#enquiry-email">Enter an e-mail address or a phone number</a>');
    expect(html).toMatch(/name="consent" value="yes" required checked/);
  });
});
