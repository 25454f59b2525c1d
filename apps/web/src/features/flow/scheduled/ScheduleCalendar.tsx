import type { DatesSetArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { Language } from '@yuan/contract/constants';
import { useCallback, useEffect, useRef } from 'react';
import { type EventDetail, wallClockNow } from './calendarEvents.ts';

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' };
/** The hour axis in 24-hour time, like the events' own times. */
const SLOT_LABEL = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

interface Props {
  events: EventInput[];
  zone: string;
  language: Language;
  /** The visible dates changed (first show, today/prev/next, another view). */
  onDates: (start: Date, end: Date) => void;
  onPick: (detail: EventDetail) => void;
}

function detailOf(extendedProps: Record<string, unknown>): EventDetail {
  return extendedProps as unknown as EventDetail;
}

/** Each event's own content: its time in the tenant's zone and the service, with the whole line as tooltip. */
function EventContent({ event }: EventContentArg) {
  const detail = detailOf(event.extendedProps);
  const serviceId = detail.kind === 'run' ? detail.run.serviceId : detail.upcoming.serviceId;
  return (
    <div
      className="scheduled-event-body"
      title={detail.hint}
      data-testid="scheduled-event"
      data-kind={detail.kind}
      data-status={detail.status}
      data-service={serviceId}
    >
      <span className="scheduled-event-time">{detail.timeText}</span>
      <span className="scheduled-event-title">{event.title}</span>
    </div>
  );
}

/**
 * The month / week / day calendar. It runs in UTC mode on wall-clock times of the tenant's zone (see
 * calendarEvents.ts), and its "now" is that zone's, so today's cell and the now line match the times shown.
 */
export function ScheduleCalendar({ events, zone, language, onDates, onPick }: Props) {
  const calendar = useRef<FullCalendar>(null);
  const box = useRef<HTMLDivElement>(null);

  // The screen stays mounted in a hidden tab; shown again (or the sidebar folded) the calendar must re-measure.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(() => calendar.current?.getApi().updateSize());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const datesSet = useCallback((arg: DatesSetArg) => onDates(arg.start, arg.end), [onDates]);
  const eventClick = useCallback(
    (arg: EventClickArg) => {
      arg.jsEvent.preventDefault();
      onPick(detailOf(arg.event.extendedProps));
    },
    [onPick],
  );
  // A click on an empty day of the month opens that day, where a busy day's events have room.
  const dateClick = useCallback((arg: DateClickArg) => {
    if (arg.view.type === 'dayGridMonth') {
      arg.view.calendar.changeView('timeGridDay', arg.date);
    }
  }, []);
  const now = useCallback(() => wallClockNow(zone), [zone]);

  return (
    <div ref={box} className="scheduled-calendar" data-testid="scheduled-calendar">
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        initialView="dayGridMonth"
        headerToolbar={TOOLBAR}
        locale={language === 'zh' ? zhCnLocale : 'en'}
        timeZone="UTC"
        now={now}
        nowIndicator
        allDaySlot={false}
        navLinks
        events={events}
        eventContent={EventContent}
        eventClick={eventClick}
        eventInteractive
        dateClick={dateClick}
        // Runs are instants: a minute of room keeps neighbours in the week and day views from piling up.
        defaultTimedEventDuration="00:01"
        // With a natural height a day cell would grow to every run of a busy schedule; the rest go behind "+n".
        dayMaxEvents={4}
        eventMaxStack={4}
        slotEventOverlap={false}
        slotLabelFormat={SLOT_LABEL}
        height="auto"
        datesSet={datesSet}
      />
    </div>
  );
}
