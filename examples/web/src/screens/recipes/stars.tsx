/// <reference lib="dom" />
/** A rating as stars for the eye and in words for a screen reader. */
export function Stars({ rating }: { rating: number | null }) {
  if (rating === null) return <span class="hint">Not rated</span>;
  return (
    <span class="stars" role="img" aria-label={`Rated ${rating} of 5`}>
      {"★".repeat(rating)}
      <span class="stars-off">{"★".repeat(5 - rating)}</span>
    </span>
  );
}
