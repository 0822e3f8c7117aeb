use super::*;

#[test]
fn delphi_dates_become_tags() {
    assert_eq!(
        date_tags(45_256.395_833_333_336),
        Some(("2023.11.26".into(), "09.30".into()))
    );
    assert_eq!(date_tags(2.0), Some(("1900.01.01".into(), "00.00".into())));
    assert_eq!(date_tags(0.0), None);
    assert_eq!(date_tags(f64::NAN), None);
    assert_eq!(date_tags(1e300), None);
}
