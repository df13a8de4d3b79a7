/**
 * "How was your conversation?" at the end of a resolved conversation, for its contact (loaded only then): five
 * choices (radio buttons: arrows move, Space chooses), an optional comment, and Send; once answered, thanks with the
 * score and a way to change it. Asked again after staff resolve it again.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { RatingState } from '../../lib/api/ratings.ts';
import { ratingCommentMax } from '../../lib/api/constants.ts';
import type { Translate } from '../../lib/i18n/translate.ts';

interface Props {
  t: Translate;
  rating: RatingState;
  /** Sends the answer; rejects with the server's refusal, already translated. */
  rate: (score: number, comment: string) => Promise<void>;
  errorText: (error: unknown) => string;
}

const scores = [1, 2, 3, 4, 5] as const;

export default function RatingPrompt({ t, rating, rate, errorText }: Props) {
  const id = useId();
  const [changing, setChanging] = useState(false);
  const [score, setScore] = useState<number | undefined>(rating.score ?? undefined);
  const [comment, setComment] = useState(rating.comment ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const choices = useRef<HTMLFieldSetElement>(null);
  const answered = rating.score !== null && !changing;
  // "Change my rating" goes: the focus goes to the score chosen.
  useEffect(() => {
    if (changing) choices.current?.querySelector<HTMLInputElement>('input:checked')?.focus();
  }, [changing]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (score === undefined) return;
    setBusy(true);
    setError(undefined);
    try {
      await rate(score, comment);
      setChanging(false);
      // The form goes: the focus goes to the question, above the thanks.
      heading.current?.focus();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="chat-rating" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="chat-rating-title" tabIndex={-1} ref={heading}>
        {t('rating.question')}
      </h2>
      {/* Mounted before the answer, so the thanks is heard when it comes. */}
      <p role="status">{answered && t('rating.thanks', { score: rating.score ?? '' })}</p>
      {answered ? (
        <button type="button" className="link-button" onClick={() => setChanging(true)}>
          {t('rating.change')}
        </button>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset ref={choices}>
            <legend className="sr-only">{t('rating.question')}</legend>
            {scores.map((value) => (
              <label key={value}>
                <input type="radio" name={`${id}-score`} value={value} checked={score === value} onChange={() => setScore(value)} />
                {value} {t(`rating.score.${value}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-comment`}>{t('rating.comment')}</label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            rows={2}
            dir="auto"
            maxLength={ratingCommentMax}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
          <button type="submit" className="button" disabled={busy || score === undefined}>
            {t('rating.send')}
          </button>
          {error && (
            <p className="chat-error" role="alert">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
