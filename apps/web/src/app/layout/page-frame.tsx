import { AppShell, type AppShellProps } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '@/components/page-loader';

export interface PageFrameProps {
  /** The header bar's content. */
  header: ReactNode;
  headerHeight: NonNullable<AppShellProps['header']>['height'];
  /** What the frame holds besides the screen (popups that outlive a screen). */
  children?: ReactNode;
}

/** The frame of every page: a header on top, the screen below; the header stays while a screen loads. */
export function PageFrame({ header, headerHeight, children }: PageFrameProps) {
  return (
    <AppShell header={{ height: headerHeight }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>{header}</AppShell.Header>
      <AppShell.Main bg="var(--paydar-page-bg)">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {children}
    </AppShell>
  );
}
