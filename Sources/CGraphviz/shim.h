#include <graphviz/cgraph.h>
