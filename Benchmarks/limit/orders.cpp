// The order-review job of the C++ limit: Benchmarks/job/order-review.yaml, with the meaning
// docs/RULES.md gives each check, over the records of Benchmarks/job/gen_orders.py. One pass
// over each record with simdjson on-demand: the top level and the customer, payment and
// shipping objects are walked key by key, the values the rules read kept (strings unescaped
// into the parser's buffer, which lives as long as the record), every other value (device,
// tracking, history, shipping.address, the items' titles...) skipped unread; the items are
// checked as they go by. The checks that depend on another field (currency on country,
// id_number on id_type, account on method) run when the record has been read, and so do the
// two relations: the items' SKUs unique (compared by kind and text, read_item) and exactly one
// of payment.card_token and payment.wallet given.
#include <cmath>

#include "limit.h"

namespace {

enum Field {
    ORDER_ID, STATUS, COUNTRY, CURRENCY, TOTAL, CREATED, NAME, PHONE, ID_NUMBER, EMAIL, METHOD, ACCOUNT,
    PAYMENT_PHONE, SHIPPING_PHONE, SKU, QTY, COUPON, ITEMS, ONE_WAY_TO_PAY, FIELD_COUNT
};
// In the order of Benchmarks/job/jobs.py.
const char* const NAMES[FIELD_COUNT] = {
    "order_id", "status", "country", "currency", "amount", "created", "customer.name", "customer.phone",
    "customer.id_number", "customer.email", "payment.method", "payment.account", "payment.phone",
    "shipping.phone", "items[*].sku", "items[*].qty", "coupon", "items", "payment.card_token|payment.wallet"};

const char* const CN_MOBILE = "^1(3[0-9]|4[57]|5[0-35-9]|6[2567]|7[0-35-8]|8[0-9]|9[0-35-9])[0-9]{8}$";
const char* const EMAIL_PATTERN = "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,63}$";
const size_t EMAIL_MAX = 254;                  // characters (code points)
const size_t NAME_FEWEST = 1, NAME_MOST = 12;  // graphemes (or items, for an array)
const char* const AS_OF_DAY = "2026-11-21";    // scripts/compare's --as-of 2026-11-21T00:00:00Z

const std::string_view STATUSES[] = {"pending", "paid", "packed", "shipped", "delivered", "cancelled"};
const char COUNTRIES[] = "CNHKMOTWJPKRSGMYTHVNIDPHINAUNZUSCAMXBRARCLGBIEFRDENLBELUCHATITESPTSENODKFIPLCZHU"
                         "GRTRILAESAQAEGZANGKE";  // 50 codes of 2 letters
const std::string_view CURRENCIES[] = {"CNY", "USD", "EUR", "JPY", "HKD", "GBP"};
const std::string_view METHODS[] = {"card", "alipay", "wechat_pay", "apple_pay", "bank_transfer"};

template <size_t N> bool one_of(std::string_view s, const std::string_view (&list)[N]) {
    for (auto& t : list) if (s == t) return true;
    return false;
}

// A value as the rules see it: absent, null, a string (unescaped), a number, an array (whose
// length is its number of items, docs/RULES.md), or anything else.
enum Kind : uint8_t { ABSENT, NUL, TEXT, NUMBER, ARRAY, OTHER };
struct Value {
    Kind kind = ABSENT;
    bool integer = false;  // a NUMBER with no fraction, however written (2, 2.0, 2e0)
    double d = 0;          // a NUMBER's value (nearest binary64), an ARRAY's number of items
    std::string_view s;    // a TEXT's unescaped value
    bool missing() const { return kind == ABSENT || kind == NUL; }  // what `required` rejects
    bool is(std::string_view t) const { return kind == TEXT && s == t; }  // `enum: [t]` (texts only)
};

// Whether a JSON number has no fraction, read from its text (so 2.0, 2.50e1 and 1e400 are
// integers, 1.0000000000000000000001 is not, whatever binary64 rounds it to).
bool integral(std::string_view t) {
    size_t i = t[0] == '-', digits = 0, last = 0;  // last: the place of the last nonzero digit
    auto run = [&] {
        for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; i++) {
            digits++;
            if (t[i] != '0') last = digits;
        }
    };
    run();
    long point = (long)digits;
    if (i < t.size() && t[i] == '.') { i++; run(); }
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        bool minus = t[++i] == '-';
        if (t[i] == '-' || t[i] == '+') i++;
        long exp = 0;
        for (; i < t.size() && t[i] >= '0' && t[i] <= '9'; i++) if (exp < 1000000) exp = exp * 10 + (t[i] - '0');
        point += minus ? -exp : exp;
    }
    return (long)last <= point;  // the digits after the point (moved by the exponent) are all 0
}

Value read(ondemand::value v) {
    Value r;
    ondemand::json_type t;
    if (v.type().get(t)) bad_input("bad value");
    switch (t) {
    case ondemand::json_type::string:
        r.kind = TEXT;
        if (v.get_string().get(r.s)) bad_input("bad string");
        break;
    case ondemand::json_type::null: r.kind = NUL; break;
    case ondemand::json_type::number: {
        r.kind = NUMBER;
        r.integer = integral(v.raw_json_token());
        // get_double, not get_number: simdjson 3.0.1's get_number gives 0 for a decimal of more
        // than 19 digits. Beyond binary64 (1e400): outside every range of the job.
        if (v.get_double().get(r.d)) r.d = v.raw_json_token()[0] == '-' ? -HUGE_VAL : HUGE_VAL;
        break;
    }
    case ondemand::json_type::array: {  // only ever a wrong value here: counted, not read
        r.kind = ARRAY;
        ondemand::array a;
        size_t n;
        if (v.get_array().get(a) || a.count_elements().get(n)) bad_input("bad array");
        r.d = (double)n;
        break;
    }
    default: r.kind = OTHER;
    }
    return r;
}

// Extended grapheme clusters (UAX #29), exact for the alphabet of gen_orders.py's names: ASCII,
// CJK, single emoji, ZWJ family sequences, regional-indicator flag pairs, "e" + U+0301, an
// emoji + a skin-tone modifier, U+2764 + U+FE0F. Rules kept: GB9 (no break before Extend or
// ZWJ), GB11 (ExtPict Extend* ZWJ x ExtPict), GB12/13 (regional indicators pair up); every
// other code point starts a cluster. Extend is taken as U+0300-036F, U+FE00-FE0F and the
// modifiers U+1F3FB-1F3FF; Extended_Pictographic as U+2600-27BF and U+1F000-1FAFF (but the
// regional indicators U+1F1E6-1F1FF and the modifiers). Not covered (counted one per code
// point): Hangul syllable sequences, CR LF, Prepend, SpacingMark, other Extend characters.
size_t graphemes(std::string_view s) {
    size_t n = 0;
    bool pict = false;  // the cluster so far is ExtPict Extend*
    bool zwj = false;   // ... followed by a ZWJ
    int ri = 0;         // regional indicators in a row at the end
    const unsigned char* p = (const unsigned char*)s.data();
    const unsigned char* end = p + s.size();
    while (p < end) {  // valid UTF-8 (simdjson validates)
        uint32_t c = *p;
        int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (len > 1) {
            c &= 0x3F >> (len - 1);
            for (int i = 1; i < len; i++) c = (c << 6) | (p[i] & 0x3F);
        }
        p += len;
        bool is_ri = c >= 0x1F1E6 && c <= 0x1F1FF;
        bool extend = (c >= 0x300 && c <= 0x36F) || (c >= 0xFE00 && c <= 0xFE0F) || (c >= 0x1F3FB && c <= 0x1F3FF);
        bool is_pict = (c >= 0x2600 && c <= 0x27BF) || (c >= 0x1F000 && c <= 0x1FAFF && !is_ri && !extend);
        if (n > 0) {
            if (c == 0x200D) { zwj = pict; pict = false; ri = 0; continue; }  // GB9
            if (extend) { zwj = false; ri = 0; continue; }                    // GB9
            if (is_pict && zwj) { pict = true; zwj = false; continue; }       // GB11
            if (is_ri && ri % 2 == 1) { ri++; continue; }                     // GB12/13
        }
        n++;
        pict = is_pict;
        zwj = false;
        ri = is_ri;
    }
    return n;
}

// Luhn over ASCII digits only (anything else fails); like Sift, at least 2 digits.
bool luhn(std::string_view s) {
    if (s.size() < 2) return false;
    int sum = 0;
    bool twice = false;
    for (size_t i = s.size(); i-- > 0; twice = !twice) {
        unsigned d = (unsigned char)s[i] - '0';
        if (d > 9) return false;
        if (twice) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
        sum += d;
    }
    return sum % 10 == 0;
}

// yyyy-MM-dd, a date that exists (no 30 February, no year 0000), not after the as-of time
// (the day starts at 00:00 UTC, so the as-of day itself is not after it).
bool date_ok(std::string_view s) {
    if (s.size() != 10 || s[4] != '-' || s[7] != '-') return false;
    for (int i : {0, 1, 2, 3, 5, 6, 8, 9}) if (s[i] < '0' || s[i] > '9') return false;
    int y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
    int m = (s[5] - '0') * 10 + (s[6] - '0'), d = (s[8] - '0') * 10 + (s[9] - '0');
    static const int DAYS[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (y == 0 || m < 1 || m > 12 || d < 1 || d > DAYS[m - 1] + (m == 2 && leap)) return false;
    return s <= std::string_view(AS_OF_DAY);
}

// The index of key in keys, or -1.
template <size_t N> int key_index(std::string_view key, const std::string_view (&keys)[N]) {
    for (size_t i = 0; i < N; i++) if (key == keys[i]) return (int)i;
    return -1;
}

std::string_view key_of(simdjson_result<ondemand::field>& f) {
    std::string_view key;
    if (f.unescaped_key().get(key)) bad_input("bad key");
    return key;
}

enum Top { T_ORDER_ID, T_STATUS, T_COUNTRY, T_CURRENCY, T_TOTAL, T_CREATED, T_COUPON, T_CUSTOMER, T_PAYMENT,
           T_SHIPPING, T_ITEMS };
const std::string_view TOP_KEYS[] = {"order_id", "status", "country", "currency", "amount", "created", "coupon",
                                     "customer", "payment", "shipping", "items"};
enum Customer { C_NAME, C_PHONE, C_ID_TYPE, C_ID_NUMBER, C_EMAIL, C_COUNT };
const std::string_view CUSTOMER_KEYS[] = {"name", "phone", "id_type", "id_number", "email"};
enum Payment { P_METHOD, P_ACCOUNT, P_PHONE, P_CARD_TOKEN, P_WALLET, P_COUNT };
const std::string_view PAYMENT_KEYS[] = {"method", "account", "phone", "card_token", "wallet"};
const std::string_view SHIPPING_KEYS[] = {"phone"};
const std::string_view ITEM_KEYS[] = {"sku", "qty"};

// Reads the members of `v` named by keys into out[] (by index); null or not an object: all
// stay absent (each then fails as required, or passes as optional).
template <size_t N> void read_object(ondemand::value v, const std::string_view (&keys)[N], Value* out) {
    ondemand::object obj;
    if (v.get_object().get(obj)) return;
    for (auto f : obj) {
        int k = key_index(key_of(f), keys);
        if (k >= 0) out[k] = read(f.value());
    }
}

struct OrderReview {
    static constexpr int FIELDS = FIELD_COUNT;
    Regex order_id{"^ORD-[0-9]{8}$"}, cn_mobile{CN_MOBILE}, id_number{"^[1-9][0-9]{16}[0-9X]$"},
        email{EMAIL_PATTERN}, sku{"^SKU-[0-9]{6}$"}, coupon{"^C[0-9]{6}$"};
    bool country[26 * 26] = {};  // the 50 codes, by their two letters

    OrderReview() {
        for (const char* c = COUNTRIES; *c; c += 2) country[(c[0] - 'A') * 26 + (c[1] - 'A')] = true;
    }
    bool country_ok(const Value& v) const {
        if (v.kind != TEXT || v.s.size() != 2) return false;
        unsigned a = (unsigned char)v.s[0] - 'A', b = (unsigned char)v.s[1] - 'A';
        return a < 26 && b < 26 && country[a * 26 + b];
    }
    bool phone_ok(const Value& v) const { return v.kind == TEXT && cn_mobile.match(v.s); }

    // items[*]: the array must be there (null, absent or not an array: both fields fail), and
    // every item must have a sku matching its pattern and a qty that is an integer in 1..99.
    // items: unique_by sku, over the SKUs read: each kept as its kind and its text (a text's
    // unescaped value, any other value's JSON as written, which gen_orders.py writes the same
    // way for equal values), a view into the record's buffers.
    std::vector<std::pair<Kind, std::string_view>> skus;

    // An item's members: qty read as usual, sku read and kept for the SKUs' comparison.
    void read_item(ondemand::value e, Value item[2]) {
        ondemand::object obj;
        if (e.get_object().get(obj)) return;
        for (auto f : obj) {
            int k = key_index(key_of(f), ITEM_KEYS);
            if (k < 0) continue;
            ondemand::value v;
            if (f.value().get(v)) bad_input("bad value");
            if (k == 1) { item[1] = read(v); continue; }
            ondemand::json_type t;
            if (v.type().get(t)) bad_input("bad value");
            std::string_view raw;
            if (t == ondemand::json_type::object) {
                ondemand::object o;
                if (v.get_object().get(o) || o.raw_json().get(raw)) bad_input("bad sku");
                item[0].kind = OTHER;
            } else if (t == ondemand::json_type::array) {
                ondemand::array a;
                if (v.get_array().get(a) || a.raw_json().get(raw)) bad_input("bad sku");
                item[0].kind = ARRAY;
            } else if (t == ondemand::json_type::boolean) {
                raw = v.raw_json_token();
                item[0].kind = OTHER;
            } else {
                if (t == ondemand::json_type::number) raw = v.raw_json_token();
                item[0] = read(v);
                if (item[0].kind == TEXT) raw = item[0].s;
            }
            for (auto& seen : skus) if (seen.first == item[0].kind && seen.second == raw) dup = true;
            skus.emplace_back(item[0].kind, raw);
        }
    }
    bool dup = false;

    void items(ondemand::value v, bool bad[FIELDS]) {
        ondemand::array array;
        if (v.get_array().get(array)) { bad[SKU] = bad[QTY] = bad[ITEMS] = true; return; }
        skus.clear();
        dup = false;
        for (auto element : array) {
            Value item[2];
            ondemand::value e;
            if (element.get(e)) bad_input("bad item");
            read_item(e, item);
            const Value &s = item[0], &q = item[1];
            if (s.kind != TEXT || !sku.match(s.s)) bad[SKU] = true;
            if (q.kind != NUMBER || !q.integer || q.d < 1 || q.d > 99) bad[QTY] = true;
        }
        if (dup) bad[ITEMS] = true;
    }

    void record(ondemand::object& obj, bool bad[FIELDS]) {
        Value top[T_CUSTOMER], cust[C_COUNT], pay[P_COUNT], ship[1];
        bool items_seen = false;
        for (auto f : obj) {
            int k = key_index(key_of(f), TOP_KEYS);
            if (k < 0) continue;  // not read by any rule: skipped unread
            ondemand::value v;
            if (f.value().get(v)) bad_input("bad value");
            switch (k) {
            case T_CUSTOMER: read_object(v, CUSTOMER_KEYS, cust); break;
            case T_PAYMENT: read_object(v, PAYMENT_KEYS, pay); break;
            case T_SHIPPING: read_object(v, SHIPPING_KEYS, ship); break;
            case T_ITEMS: items_seen = true; items(v, bad); break;
            default: top[k] = read(v);
            }
        }
        if (!items_seen) bad[SKU] = bad[QTY] = bad[ITEMS] = true;
        bad[ONE_WAY_TO_PAY] = (!pay[P_CARD_TOKEN].missing()) + (!pay[P_WALLET].missing()) != 1;

        const Value& oid = top[T_ORDER_ID];
        bad[ORDER_ID] = oid.kind != TEXT || !order_id.match(oid.s);
        bad[STATUS] = top[T_STATUS].kind != TEXT || !one_of(top[T_STATUS].s, STATUSES);
        bad[COUNTRY] = !country_ok(top[T_COUNTRY]);
        // when country is CN then CNY, else one of six (country absent, null, not "CN": else).
        const Value& cur = top[T_CURRENCY];
        bad[CURRENCY] = cur.kind != TEXT || (top[T_COUNTRY].is("CN") ? cur.s != "CNY" : !one_of(cur.s, CURRENCIES));
        const Value& tot = top[T_TOTAL];  // type number, then 0 < amount <= 50000
        bad[TOTAL] = tot.kind != NUMBER || !(tot.d > 0 && tot.d <= 50000);
        bad[CREATED] = top[T_CREATED].kind != TEXT || !date_ok(top[T_CREATED].s);
        // length 1..12: of a text in graphemes, of an array in items; anything else fails.
        const Value& name = cust[C_NAME];
        double n = name.kind == TEXT ? (double)graphemes(name.s) : name.kind == ARRAY ? name.d : -1;
        bad[NAME] = n < NAME_FEWEST || n > NAME_MOST;
        bad[PHONE] = !phone_ok(cust[C_PHONE]);
        // Optional; when the sibling id_type is "resident": the id pattern, then GB 11643.
        const Value& id = cust[C_ID_NUMBER];
        bad[ID_NUMBER] = !id.missing() && cust[C_ID_TYPE].is("resident") &&
                         !(id.kind == TEXT && id_number.match(id.s) && gb11643(id.s));
        const Value& mail = cust[C_EMAIL];  // all: at most 254 characters, then the pattern
        bad[EMAIL] = mail.kind != TEXT || code_points(mail.s) > EMAIL_MAX || !email.match(mail.s);
        bad[METHOD] = pay[P_METHOD].kind != TEXT || !one_of(pay[P_METHOD].s, METHODS);
        // Required; when the sibling method is "card": Luhn (no else: any other value passes).
        const Value& acc = pay[P_ACCOUNT];
        bad[ACCOUNT] = acc.missing() || (pay[P_METHOD].is("card") && !(acc.kind == TEXT && luhn(acc.s)));
        bad[PAYMENT_PHONE] = !pay[P_PHONE].missing() && !phone_ok(pay[P_PHONE]);  // optional
        bad[SHIPPING_PHONE] = !phone_ok(ship[0]);
        // Optional; any: the pattern or "NONE"; not: one of the two reserved coupons (a
        // non-string is no enum member, so `not` passes it, but `any` has failed already).
        const Value& cp = top[T_COUPON];
        bad[COUPON] = !cp.missing() && (cp.kind != TEXT || !(coupon.match(cp.s) || cp.s == "NONE") ||
                                        cp.s == "C000000" || cp.s == "C999999");
    }
};

}  // namespace

void order_review_job(const uint8_t* text, size_t size, int threads) {
    run_job<OrderReview>(text, size, threads).print(NAMES);
}
