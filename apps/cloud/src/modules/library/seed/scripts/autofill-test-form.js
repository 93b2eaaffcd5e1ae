/* global document */
// Auto-fill test form: fills the empty, visible fields of every form with recognisable test data
// (by the field's type, name, id, placeholder and autocomplete hints). It never submits a form
// and leaves passwords, files, hidden fields and fields that already hold a value alone.
(() => {
  const stamp = Date.now().toString(36);
  const DATA = [
    [/e-?mail/i, `test.${stamp}@example.com`],
    [/(first|given).?name|fname/i, 'Alex'],
    [/(last|family|sur).?name|lname/i, 'Tester'],
    [/full.?name|^name$|your.?name/i, 'Alex Tester'],
    [/phone|tel|mobile/i, '+1 555 010 0100'],
    [/company|organi[sz]ation/i, 'Example Ltd'],
    [/address.?(line)?.?2|apartment|suite/i, 'Suite 100'],
    [/address|street/i, '1 Example Street'],
    [/city|town/i, 'Springfield'],
    [/state|province|region/i, 'CA'],
    [/zip|postal|postcode/i, '90210'],
    [/country/i, 'United States'],
    [/url|website/i, 'https://example.com'],
    [/age/i, '30'],
    [/message|comment|note|question/i, 'This is a test message.'],
  ];

  function hint(field) {
    return [field.name, field.id, field.placeholder, field.getAttribute('autocomplete'), field.type]
      .filter(Boolean)
      .join(' ');
  }

  function valueFor(field) {
    if (field.type === 'email') return `test.${stamp}@example.com`;
    if (field.type === 'tel') return '+1 555 010 0100';
    if (field.type === 'number') return '1';
    if (field.type === 'url') return 'https://example.com';
    if (field.type === 'date') return '2000-01-01';
    const text = hint(field);
    const match = DATA.find(([re]) => re.test(text));
    return match ? match[1] : 'Test';
  }

  function set(field, value) {
    field.focus();
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    field.blur();
  }

  const skipped = ['password', 'file', 'hidden', 'submit', 'button', 'reset', 'image'];
  for (const field of document.querySelectorAll('input, textarea, select')) {
    if (field.disabled || field.readOnly || skipped.includes(field.type)) continue;
    if (!field.getClientRects().length) continue;
    if (field.tagName === 'SELECT') {
      if (field.selectedIndex <= 0 && field.options.length > 1) {
        field.selectedIndex = 1;
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (field.type === 'checkbox' || field.type === 'radio') {
      continue;
    } else if (!field.value) {
      set(field, valueFor(field));
    }
  }
})();
