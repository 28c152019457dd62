import type { SearchHit } from '@bansi/shared';
import { Mark, Text } from '@mantine/core';

/** A search result's extract with the matched words highlighted (plain text parts from the API). */
export function Snippet({ parts }: { parts: SearchHit['snippet'] }) {
  return (
    <Text size="sm" c="gray.7">
      {parts.map((p, i) => (p.hit ? <Mark key={i}>{p.text}</Mark> : <span key={i}>{p.text}</span>))}
    </Text>
  );
}
