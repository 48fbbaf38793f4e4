#include "catch.hpp"
