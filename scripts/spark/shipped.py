"""What both Spark checks share: a local Spark with the package and the rules shipped to the
executors (SparkContext.addArchive and addFile, as `spark-submit --archives/--files` would), and
one partition's lines through the shipped binary as `sift run -`."""
import os
import subprocess

from pyspark.sql import SparkSession


def start(name, master, package, rules, **config):
    """A local Spark session with PACKAGE and RULES shipped to the executors (and this module)."""
    builder = SparkSession.builder.master(master).appName(name).config("spark.ui.enabled", "false") \
        .config("spark.driver.memory", "1g")
    for key, value in config.items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("OFF")
    spark.sparkContext.addArchive(package)
    spark.sparkContext.addFile(rules)
    spark.sparkContext.addPyFile(os.path.abspath(__file__))
    return spark


def run_sift(lines, package, rules, options):
    """`sift run --rules RULES OPTIONS --key id --quiet --workers 1 -` over one partition's lines,
    with the binary Spark unpacked on this executor: its result lines. Exit 1 (some records
    invalid) is not a failure; anything else fails the task."""
    from pyspark import SparkFiles
    archive = os.path.basename(package)
    binary = os.path.join(SparkFiles.get(archive), archive[: -len(".tar.gz")], "bin", "sift")
    data = "".join(line + "\n" for line in lines).encode()
    run = subprocess.run([binary, "run", "--rules", SparkFiles.get(os.path.basename(rules)), *options, "--key", "id",
                          "--quiet", "--workers", "1", "-"], input=data, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=False)
    if run.returncode not in (0, 1):
        raise RuntimeError(f"sift exited with {run.returncode}: {run.stderr.decode().strip()}")
    return run.stdout.decode().splitlines()
