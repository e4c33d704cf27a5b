/** react-day-picker and its CSS, loaded only when a calendar is opened (see date-field.tsx). */
import { DayPicker, type PropsSingle } from "react-day-picker";
import "react-day-picker/style.css";

export default function SingleDayPicker(
  props: Omit<PropsSingle, "mode"> & React.ComponentProps<typeof DayPicker>,
) {
  return <DayPicker {...props} mode="single" />;
}
