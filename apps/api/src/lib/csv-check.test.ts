import { describe, expect, it } from 'vitest';
import { CsvCheck } from './csv-check';

/** Feeds the text in pieces of `step` characters, as a stream would. */
function isCsv(text: string, step = 3): boolean {
  const check = new CsvCheck();
  for (let i = 0; i < text.length; i += step) check.update(text.slice(i, i + step));
  return check.finish();
}

describe('CsvCheck (RFC 4180 table, no markup or script)', () => {
  it.each([
    ['a Lao table', 'ລະຫັດ,ຊື່,ຈຳນວນ (ກີບ)\n1,ບໍລິສັດ ທົດລອງ,1000000\n2,Test Co.,2500000\n'],
    ['CRLF line ends, no final line end', 'a,b\r\n1,2\r\n3,4'],
    ['quoted fields with delimiters, escaped quotes and line breaks', 'name,note\n"Test, Co.","he said ""hi""\nand left"\n'],
    ['semicolons', 'code;name;amount\n1;Test;1000\n'],
    ['tabs', 'code\tname\n1\tTest\n'],
    ['one column', 'amount\n1000\n2000\n'],
    ['empty fields and blank lines', 'a,b,c\n,,\n\n1,,3\n\n'],
    ['a semicolon as the last field delimiter', 'a;b;\n1;2;\n'],
  ])('accepts %s', (_, text) => {
    expect(isCsv(text)).toBe(true);
    expect(isCsv(text, 1)).toBe(true);
  });

  it.each([
    ['HTML', '<html><body>hi</body></html>\n'],
    ['a tag split across pieces', 'a,b\n1,<scr'],
    ['SVG', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n'],
    ['a closing tag', 'a,b\n1,</div>\n'],
    ['JavaScript', 'function f(a, b) { return a + b }\n'],
    ['an arrow function', 'x,y\n1,() => 2\n'],
    ['a declaration', 'let x = 1\n'],
    ['a call', 'alert(1)\n'],
    ['document access', 'x\ndocument.cookie\n'],
    ['a line ending in a brace', 'if (x) {\n'],
    ['a statement ending in a semicolon (comma delimiter)', 'a,b\nx = 1, y = 2;\n'],
    ['ragged rows', 'a,b,c\n1,2\n'],
    ['a quote inside an unquoted field', 'a,b\n1,x"y\n'],
    ['text after a closing quote', 'a,b\n"1"x,2\n'],
    ['an unclosed quote', 'a,b\n"1,2\n'],
    ['nothing but blank lines', '\n\n'],
  ])('refuses %s', (_, text) => {
    expect(isCsv(text)).toBe(false);
  });
});
