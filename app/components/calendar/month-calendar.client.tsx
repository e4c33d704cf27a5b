/**
 * The FullCalendar month grid (browser only, loaded lazily by month-calendar.tsx): month view, aspect ratio 2,
 * no times, the month chosen by the URL (the toolbar above it is the page's own, shared with the table the
 * server renders). A click on a reminder opens its project.
 */
import FullCalendar, { type CalendarRef } from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import { useEffect, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import type { CalendarEvent } from "~/lib/pages/calendar";

export default function MonthCalendar({
  month,
  events,
}: {
  month: string;
  events: readonly CalendarEvent[];
}) {
  const ref = useRef<CalendarRef>(null);
  const navigate = useNavigate();
  const input = useMemo(
    () =>
      events.map((e) => ({
        id: e.id,
        title: e.title,
        start: e.date,
        allDay: true,
        url: e.href,
        // A bid date in amber with dark text (AA contrast), a reminder in the brand colour.
        ...(e.kind === "bid"
          ? { backgroundColor: "#fef3c7", borderColor: "#f59e0b", textColor: "#451a03" }
          : {}),
      })),
    [events],
  );
  useEffect(() => {
    ref.current?.getApi().gotoDate(`${month}-01`);
  }, [month]);
  return (
    <FullCalendar
      ref={ref}
      plugins={[dayGridPlugin, classicThemePlugin]}
      initialView="dayGridMonth"
      initialDate={`${month}-01`}
      timeZone="UTC"
      headerToolbar={false}
      aspectRatio={2}
      fixedWeekCount
      showNonCurrentDates={false}
      displayEventTime={false}
      dayMaxEvents
      // The brand colour (white text on it passes WCAG AA; the theme's default blue does not).
      eventColor="#174c99"
      events={input}
      eventClick={(info) => {
        const href = info.event.url;
        if (!href) return;
        info.jsEvent.preventDefault();
        navigate(href);
      }}
    />
  );
}
