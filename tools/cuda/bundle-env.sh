# Sourced by the bundle's link benches (link-source.sh, link-variants.sh), in the folder tools/cuda/bundle.sh made:
# unpacks the runtime on first start and sets out ($OUT or ./out, created), tmp (a scratch folder), java (the JVM
# command) and cp (the engine's class path).
[[ -x jre/bin/java ]] || tar xJf bundle.tar.xz # bundle.sh packs the runtime, jars and test classes
out=${OUT:-out}
mkdir -p "$out"
tmp=$(mktemp -d)
java=(jre/bin/java --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -Xss4m)
cp=$(ls lib/*.jar | tr '\n' ':')
