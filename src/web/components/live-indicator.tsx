import { Badge, Box, VisuallyHidden } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useStreamStatus } from '../lib/live-updates';
import { Tip } from './tip';

const NOT_LIVE = "Not live: colleagues' changes will show once the connection is back";

/**
 * The header's word when colleagues' changes are not reaching this screen (decision 141). Nothing shows
 * while the stream is live or first connecting; a screen reader hears it appear through the live region.
 */
export function LiveIndicator() {
  const status = useStreamStatus();
  return (
    <div aria-live="polite">
      {status === 'offline' && (
        <Tip label={NOT_LIVE} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
          <Badge
            color="orange"
            variant="light"
            size="lg"
            leftSection={<IconPlugConnectedX size={16} aria-hidden />}
            tabIndex={0}
            data-testid="not-live"
            styles={{ root: { paddingInline: 8 }, section: { marginInlineEnd: 0 } }}
          >
            <VisuallyHidden>{NOT_LIVE}</VisuallyHidden>
            <Box component="span" aria-hidden visibleFrom="sm">
              Not live
            </Box>
          </Badge>
        </Tip>
      )}
    </div>
  );
}
