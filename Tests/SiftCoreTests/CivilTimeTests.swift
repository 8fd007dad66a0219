import SiftCore
import Testing
import SiftJSON

@Suite struct CivilTimeTests {
    @Test func daysRoundTripAcrossEras() {
        for days in [-800_000, -719_469, -1, 0, 1, 11_016, 20_513, 2_932_896] {
            let d = CivilTime.date(days: days)
            #expect(CivilTime.days(year: d.year, month: d.month, day: d.day) == days)
        }
        #expect(CivilTime.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilTime.days(year: 2000, month: 3, day: 1) - CivilTime.days(year: 2000, month: 2, day: 28) == 2)
        #expect(CivilTime.days(year: 1900, month: 3, day: 1) - CivilTime.days(year: 1900, month: 2, day: 28) == 1)
    }

    @Test func onlyRealDatesAndTimes() {
        #expect(CivilTime.millis(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilTime.millis(year: 2023, month: 2, day: 29) == nil)
        #expect(CivilTime.millis(year: 2023, month: 4, day: 31) == nil)
        #expect(CivilTime.millis(year: 2023, month: 1, day: 1, hour: 24) == nil)
    }

    @Test func rfc3339() {
        #expect(CivilTime.rfc3339("1970-01-01T00:00:00Z") == 0)
        #expect(CivilTime.rfc3339("2020-06-01T09:37:57Z") == 1_591_004_277_000)
        #expect(CivilTime.rfc3339("2020-06-01T17:37:57.5+08:00") == 1_591_004_277_500)
        #expect(CivilTime.rfc3339("2020-06-01 09:37:57Z") == nil)
        #expect(CivilTime.rfc3339("2020-06-01T09:37:57") == nil)
        #expect(CivilTime.isoTime(-1) == "1969-12-31T23:59:59Z")
        #expect(CivilTime.isoDay(1_795_219_200_000) == "2026-11-21")
    }
}
