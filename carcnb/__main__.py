import sys

from carcnb.cli import main

sys.exit(main())
