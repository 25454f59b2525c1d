/**
 * What a tenant's query may call: aggregates, window functions and plain scalar functions of text, numbers, dates
 * and JSON. Nothing that sleeps, makes rows from nothing (generate_series), reads files or settings, or builds huge
 * values (repeat, lpad): the statement timeout ends a runaway query, but until then it holds a connection and a core.
 */
export const FUNCTIONS = new Set(
  `count sum avg min max bool_and bool_or every string_agg array_agg json_agg jsonb_agg json_object_agg
  jsonb_object_agg stddev stddev_pop stddev_samp variance var_pop var_samp mode percentile_cont percentile_disc
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value nth_value
  lower upper initcap length char_length octet_length substr substring trim btrim ltrim rtrim concat concat_ws
  replace left right position strpos split_part starts_with reverse md5 to_char to_number to_date to_timestamp
  abs ceil ceiling floor round trunc mod sign sqrt power exp ln log greatest least
  now date_trunc date_part extract age make_date make_timestamp make_interval justify_days justify_hours
  json_extract_path json_extract_path_text jsonb_extract_path jsonb_extract_path_text json_array_length
  jsonb_array_length jsonb_typeof json_typeof to_json to_jsonb json_build_object jsonb_build_object
  json_build_array jsonb_build_array array_length cardinality`.split(/\s+/),
);

/** Types a value may be cast to. */
export const TYPES = new Set(
  `int2 int4 int8 smallint integer int bigint numeric decimal float4 float8 real double text varchar bpchar char
  bool boolean date time timetz timestamp timestamptz interval json jsonb`.split(/\s+/),
);
