/**
 * CF conventions for the viewer and the CLI: decoded values (packing, masking), coordinate axes, units labels
 * and times in every CF calendar. Framework-free; every function is pure.
 */
export { readAxisValues, axisValueLabel, type AxisValues } from './axis-values';
export { charStrings } from './dsg';
export { textAttribute } from './attributes';
export {
  dateOfDayNumber,
  dayNumber,
  daysInMonth,
  hasYearZero,
  isLeapYear,
  normalizeCalendar,
  type CalendarDate,
  type CalendarName,
} from './calendar';
export { formatDate, formatDateNcdump } from './date-format';
export {
  auxiliaryCoordinates,
  axisKind,
  coordinateVariable,
  describeAxes,
  findGroup,
  findVariable,
  resolveVariable,
  timeCoderFor,
  type AuxiliaryCoordinate,
  type AxisDescription,
  type AxisKind,
} from './coordinates';
export {
  decodeData,
  decodeSlice,
  defaultFillFor,
  encodeValue,
  valueRange,
  planDecoding,
  type DecodeOptions,
  type DecodePlan,
  type Decoded,
  type DecodedSlice,
} from './decode';
export { axisTitle, displayName, displayUnits, formatNumber, formatValue, valueLabel } from './format';
export { NETCDF_DEFAULT_FILL, type DecodeMode, type DefaultFill } from './masking';
export { decodeTimes, nearestIndex, parseDate, timeCoder, type TimeCoder } from './time';
export { isTimeUnits, parseTimeUnits, type TimeUnit, type TimeUnits } from './time-units';
