import { Anchor, Box, Center, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useRuntimeConfig } from '@/config/runtime-config';

const persianFont = 'Vazirmatn, Tahoma, "DejaVu Sans", "Noto Sans Arabic", sans-serif';

function telegramHref(handle: string): string {
  return /^https?:\/\//.test(handle) ? handle : `https://t.me/${handle.replace(/^@/, '')}`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={2} fz="lg" ff={persianFont}>
        {title}
      </Title>
      <Text lh={1.9} ff={persianFont}>
        {children}
      </Text>
    </Stack>
  );
}

/** /tos: the terms of service, in Persian and right-to-left (spec §1), with the support contact. */
export default function TermsOfServiceRoute() {
  const { productName: p, supportEmail, supportPhone, supportTelegram } = useRuntimeConfig();
  return (
    <Box bg="var(--paydar-page-bg)" mih="100dvh" py="xl" px="md">
      <Container size="md" px={0}>
        <Stack gap="lg">
          <Center>
            <Box component={Link} to="/" aria-label="Home" style={{ textDecoration: 'none' }}>
              <Logo size="lg" />
            </Box>
          </Center>
          <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} dir="rtl" lang="fa" ff={persianFont}>
            <Stack gap="lg">
              <Title order={1} fz={26} ff={persianFont}>
                شرایط استفاده از خدمات {p}
              </Title>
              <Section title="۱. کلیات">
                استفاده از خدمات {p} به معنای پذیرش کامل این شرایط است. اگر با بخشی از آن موافق نیستید، لطفاً از سرویس
                استفاده نکنید.
              </Section>
              <Section title="۲. شرح خدمات">
                {p} سرویسی برای پایش دسترس‌پذیری و کارایی وب‌سایت‌ها و سرورهاست. اهدافی که شما تعریف می‌کنید به‌طور دوره‌ای و
                از چند دیتاسنتر با پروتکل‌های HTTP(S)، ICMP، TCP و DNS بررسی می‌شوند و هنگام قطعی از راه ایمیل، پیامک یا
                تماس تلفنی، تلگرام و وب‌هوک به شما هشدار داده می‌شود.
              </Section>
              <Section title="۳. حساب کاربری">
                ثبت‌نام با یک نشانی ایمیل معتبر انجام می‌شود و تا تأیید ایمیل، امکانات حساب محدود است. نگهداری از گذرواژه
                و مسئولیت هر فعالیتی که با حساب شما انجام شود بر عهدهٔ شماست. اگر از دسترسی غیرمجاز به حساب خود آگاه
                شدید، فوراً به پشتیبانی خبر دهید.
              </Section>
              <Section title="۴. استفادهٔ مجاز">
                تنها اهدافی را پایش کنید که مالک آن‌ها هستید یا اجازهٔ پایش آن‌ها را دارید. استفاده از سرویس برای حمله،
                ایجاد بار غیرعادی بر سرور دیگران، آزمون نفوذ بدون مجوز یا هر کاری که خلاف قوانین و مقررات کشور باشد
                ممنوع است و به تعلیق یا حذف حساب می‌انجامد.
              </Section>
              <Section title="۵. پرداخت، کیف پول و اشتراک">
                همهٔ مبالغ به تومان است. اعتبار کیف پول از راه درگاه پرداخت یا انتقال اعتبار از حساب کنسول میزبانی افزوده
                می‌شود و هزینهٔ اشتراک از همین اعتبار کسر می‌گردد. اشتراک‌ها ماهانه یا سالانه‌اند و امکانات هر طرح در فهرست
                طرح‌ها آمده است. اعتبار افزوده‌شده به کیف پول، جز در صورت خطای اثبات‌شده در پرداخت، به‌صورت نقدی بازگردانده
                نمی‌شود.
              </Section>
              <Section title="۶. دسترس‌پذیری و حدود مسئولیت">
                ما می‌کوشیم سرویس همواره در دسترس و نتایج آن دقیق باشد، اما تضمین نمی‌کنیم که هر قطعی شناسایی شود یا هر
                هشدار به‌موقع برسد؛ رسیدن هشدارها به سرویس‌های بیرونی مانند ایمیل، اپراتورهای پیامک و تلگرام نیز وابسته
                است. {p} مسئول خسارت‌های ناشی از قطعی اهداف شما یا نرسیدن هشدارها نیست.
              </Section>
              <Section title="۷. حریم خصوصی">
                اطلاعات حساب و نتایج پایش تنها برای ارائهٔ سرویس نگهداری می‌شود و جز به حکم مراجع قانونی در اختیار دیگران
                قرار نمی‌گیرد. پیوند اشتراک‌گذاری عمومی یک مانیتور را هر کسی که آن را داشته باشد می‌بیند؛ در انتشار آن دقت
                کنید.
              </Section>
              <Section title="۸. تعلیق، حذف حساب و تغییر شرایط">
                در صورت نقض این شرایط، حساب شما ممکن است محدود یا مسدود شود. شما نیز هر زمان می‌توانید حذف حساب خود را از
                پشتیبانی بخواهید. این شرایط ممکن است به‌روز شود؛ نسخهٔ جاری همیشه در همین صفحه است و ادامهٔ استفاده از
                سرویس به معنای پذیرش آن است.
              </Section>
              <Stack gap={6}>
                <Title order={2} fz="lg" ff={persianFont}>
                  ۹. ارتباط با پشتیبانی
                </Title>
                <Text lh={1.9} ff={persianFont}>
                  برای پرسش، درخواست یا گزارش مشکل با پشتیبانی {p} در تماس باشید:
                </Text>
                <List spacing={4} ff={persianFont}>
                  <List.Item>
                    ایمیل:{' '}
                    <Anchor href={`mailto:${supportEmail}`} dir="ltr">
                      {supportEmail}
                    </Anchor>
                  </List.Item>
                  <List.Item>
                    تلفن:{' '}
                    <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} dir="ltr">
                      {supportPhone}
                    </Anchor>
                  </List.Item>
                  <List.Item>
                    تلگرام:{' '}
                    <Anchor href={telegramHref(supportTelegram)} target="_blank" rel="noreferrer" dir="ltr">
                      {supportTelegram}
                    </Anchor>
                  </List.Item>
                </List>
              </Stack>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
