import { Group, Paper, Skeleton, Stack, Text, type MantineSize, type StyleProp } from '@mantine/core';

/**
 * A card of the dashboard's kind (icon, title, two lines) while its data loads, at least `mih` tall like the
 * card that replaces it, so nothing below moves when the data arrives (issue 29, CLS ≤ 0.1).
 */
export function CardSkeleton({ testId, mih }: { testId: string; mih: StyleProp<number> }) {
  return (
    <Paper withBorder p="md" radius="md" mih={mih} data-testid={testId} aria-busy="true">
      <Group wrap="nowrap" align="flex-start">
        <Skeleton height={34} width={34} radius="sm" />
        <Stack gap={10} style={{ flex: 1 }} data-testid="skeleton">
          <Skeleton height={14} mt={4} width="60%" />
          <Skeleton height={10} width="90%" />
          <Skeleton height={10} width="45%" />
        </Stack>
      </Group>
    </Paper>
  );
}

/** A line of text while it loads, exactly as tall as one line of `size` text. */
export function LineSkeleton({ size = 'sm', width = '50%' }: { size?: MantineSize; width?: number | string }) {
  return (
    <Text size={size} component="div">
      <Skeleton height="1lh" width={width} data-testid="skeleton" />
    </Text>
  );
}
