"""The two jobs of scripts/compare: each job's rules file, generator, and the fields whose
failures every program counts (in the order the counts are printed)."""

JOBS = {
    "signup": {
        "rules": "Benchmarks/job/signup-job.yaml",
        "generator": "Benchmarks/job/gen.py",
        "fields": ("phone", "email", "password", "plate", "id_number"),
    },
    "order-review": {
        "rules": "Benchmarks/job/order-review.yaml",
        "generator": "Benchmarks/job/gen_orders.py",
        "fields": ("order_id", "status", "country", "currency", "amount", "created", "customer.name",
                   "customer.phone", "customer.id_number", "customer.email", "payment.method", "payment.account",
                   "payment.phone", "shipping.phone", "items[*].sku", "items[*].qty", "coupon", "items",
                   "payment.card_token|payment.wallet"),
    },
}
