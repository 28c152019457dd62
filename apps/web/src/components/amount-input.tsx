import { TextInput, type TextInputProps } from '@mantine/core';
import { AMOUNT_MAX, editAmount, formatAmountInput, type AmountError } from '@bansi/shared/amount';
import { formatInteger } from '@bansi/shared/format';
import { useMergedRef } from '@mantine/hooks';
import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../lib/use-lang';

// Its own module: a screen with only whole numbers (a count) does not load Mantine's NumberInput and
// react-number-format (~9 kB brotli), which only lak-input.tsx's decimal input uses (decision 280).
export type AmountInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> & {
  /** the stored figure; '' or null while nothing is entered */
  value: number | '' | null | undefined;
  /** called only with a figure the field shows exactly ('' when emptied); a refused text never reaches it */
  onChange?: (value: number | '') => void;
  /** a line that may be below zero (an allowance, depreciation, accumulated losses); default false */
  allowNegative?: boolean;
  /** default AMOUNT_MAX (10^15) */
  max?: number;
  /** told when the field starts or stops refusing what is typed, so a form can hold its save meanwhile */
  onRefusal?: (refusal: AmountError | null) => void;
  ref?: Ref<HTMLInputElement>;
};

const countDigits = (s: string) => (s.match(/\d/g) ?? []).length;

/**
 * The one input for a whole number a person types: kip, and counts such as thresholds (docs/decisions/145).
 * Grouped the language's way as the person types; a typed or pasted fraction, a sign the line does not allow
 * or a figure past `max` stays on screen with the refusal beside it, and the value before it is kept — the
 * stored value is never one the person did not see. A plain TextInput: NumberInput's own digit handling drops
 * the separator a person typed and glues the digits together (87500000.50 became 8,750,000,050).
 */
export function AmountInput({ value, onChange, allowNegative = false, max = AMOUNT_MAX, onRefusal, error, ref, ...props }: AmountInputProps) {
  const lng = useLang();
  const { t } = useTranslation();
  const stored = value === '' || value === undefined ? null : value;
  const [text, setText] = useState(() => formatAmountInput(stored, lng));
  const [refusal, setRefusal] = useState<{ code: AmountError; text: string } | null>(null);
  const emitted = useRef<number | null>(stored);
  const caret = useRef<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const refs = useMergedRef(input, ref);

  // A figure set from outside (loaded, reset, another language) replaces what is shown; a refusal stays until edited.
  useEffect(() => {
    if (stored === emitted.current && refusal) return;
    emitted.current = stored;
    if (refusal) onRefusal?.(null);
    setRefusal(null);
    setText(formatAmountInput(stored, lng));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new figure or language resets the field
  }, [stored, lng]);

  // Grouping moves the caret; keep the same number of digits to its right.
  useLayoutEffect(() => {
    const el = input.current;
    if (caret.current === null || !el || document.activeElement !== el) return;
    let right = caret.current;
    let at = text.length;
    while (at > 0 && right > 0) {
      at--;
      if (/\d/.test(text[at]!)) right--;
    }
    el.setSelectionRange(at, at);
    caret.current = null;
  }, [text]);

  const handle = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const { parse, text: next } = editAmount({ text, accepted: refusal === null }, raw, lng, { allowNegative, max });
    caret.current = countDigits(raw.slice(event.currentTarget.selectionStart ?? raw.length));
    setText(next);
    if (!parse.ok) {
      setRefusal({ code: parse.error, text: raw.trim() });
      onRefusal?.(parse.error);
      return;
    }
    if (refusal) onRefusal?.(null);
    setRefusal(null);
    emitted.current = parse.value;
    if (parse.value !== stored) onChange?.(parse.value ?? '');
  };

  return (
    <TextInput
      {...props}
      ref={refs}
      value={text}
      onChange={handle}
      inputMode={allowNegative ? 'text' : 'numeric'}
      autoComplete="off"
      error={refusal ? t(`amount.refused.${refusal.code}`, { text: refusal.text, max: formatInteger(max, lng) }) : error}
      data-refused={refusal ? refusal.code : undefined}
    />
  );
}
