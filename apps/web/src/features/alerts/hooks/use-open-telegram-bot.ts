import type { MessengerChannelType } from '@paydar/contracts/alert-channels';
import { notify } from '@/lib/notify';
import { useSendChannelToken } from '../api/send-channel-token';

/** The server answers `t.me/<bot>?start=<token>` (Bale: `ble.ir/<bot>?start=…`); a browser needs the scheme to leave the app. */
export function absoluteLink(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `https://${link.replace(/^\/+/, '')}`;
}

/**
 * Opens the alert bot with this username's start token, which links the chat to the username.
 * The tab opens during the click (a tab opened after the call returns would be blocked as a
 * popup) and is sent to the bot link once the server has made it.
 */
export function useOpenTelegramBot(messenger: MessengerChannelType = 'telegram') {
  const send = useSendChannelToken();
  return {
    opening: send.isPending ? (send.variables?.value ?? null) : null,
    /** Whether a bot link was made in this visit. */
    opened: send.isSuccess,
    open(value: string) {
      const tab = window.open('', '_blank');
      send.mutate(
        { channel_type: messenger, value },
        {
          onSuccess: (answer) => {
            if (!answer.link) {
              tab?.close();
              return;
            }
            const link = absoluteLink(answer.link);
            if (tab) {
              tab.opener = null;
              tab.location.href = link;
            } else {
              window.location.assign(link);
            }
          },
          onError: () => {
            tab?.close();
            notify.error('Something went wrong!');
          },
        },
      );
    },
  };
}
